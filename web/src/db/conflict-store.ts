// The owner's choice in the compare view of a conflict, written like any other edit (notes-store), so it works
// offline and reaches the server and the other devices through the outbox:
// - keep this device's text: it replaces the note's text with reason 'conflict' (the server keeps the text it
//   replaces as a revision), and the copy is deleted, its text now being the note's;
// - keep the other text: the copy's text is sent as a version of the note just before the note's own text
//   (reason 'conflict'), so it stays in the note's History, and the copy is deleted;
// - keep both: the two notes stay as they are and the conflict is closed.
import { conflictedCopyTitle } from '../sync/conflicted-copy.ts';
import { db } from './db.ts';
import { openStoredNote, sealFields } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import { deleteNote, enqueueChange, updateNote } from './notes-store.ts';
import type { ConflictRow, LocalNote } from './types.ts';

export type ConflictChoice = 'copy' | 'note' | 'both';

export async function resolveConflict(
  copyId: string,
  choice: ConflictChoice,
  database: NotesDatabase = db,
): Promise<void> {
  const tables = [
    database.conflicts,
    database.notes,
    database.outbox,
    database.attachments,
    database.uploads,
    database.trash,
  ];
  await database.transaction('rw', tables, async () => {
    const row = await database.conflicts.get(copyId);
    if (!row) throw new Error('This conflict was already resolved');
    // Locked notes are resolved in plain text in memory (refused while locked) and sealed again on write.
    const [storedNote, storedCopy] = await database.notes.bulkGet([row.noteId, row.copyId]);
    const note = storedNote && openStoredNote(storedNote);
    const copy = storedCopy && openStoredNote(storedCopy);
    if (choice === 'copy') {
      if (!copy || copy.deleted) throw new Error('The conflicted copy is gone');
      if (note && !note.deleted) {
        const title = copyTitle(row, copy);
        await updateNote(note.id, { title, content: copy.content, tags: copy.tags }, database, 'conflict');
        await deleteNote(copy.id, database);
      }
    } else if (choice === 'note') {
      if (!note || note.deleted) throw new Error('The other version is gone');
      if (copy && !copy.deleted) {
        // The copy's text goes to the note's History on its way out: sent first, then the note's own text.
        if (note.serverId !== null) {
          await enqueueChange(database, note, 'update', 'conflict', note);
          const entry = await database.outbox.where('noteId').equals(note.id).first();
          const kept = { title: copyTitle(row, copy), content: copy.content, tags: [...copy.tags] };
          // What goes to the server is sealed, under the note's own id, when the note is locked.
          const keepFirst = note.locked ? { ...sealFields(note.id, kept), tags: [] } : kept;
          if (entry?.op === 'update') await database.outbox.update(entry.seq!, { keepFirst });
          await database.notes.update(note.id, { syncState: 'pending', syncError: null });
        }
        await deleteNote(copy.id, database);
      }
    }
    await database.conflicts.delete(copyId);
  });
}

/** The copy's own title unless it still carries the " (conflicted copy …)" the sync gave it. */
function copyTitle(row: ConflictRow, copy: LocalNote): string {
  // A locked note's conflict keeps no title at rest (row.title ''): the suffix is taken off its decrypted title.
  if (copy.locked && row.title === '') {
    const suffix = conflictedCopyTitle('', new Date(row.createdAt));
    return copy.title.endsWith(suffix) ? copy.title.slice(0, -suffix.length).trimEnd() : copy.title;
  }
  return copy.title === conflictedCopyTitle(row.title, new Date(row.createdAt)) ? row.title : copy.title;
}
