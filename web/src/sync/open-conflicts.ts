// The conflicts the owner still has to look at: a recorded conflict stays open while both its notes exist (and
// are not being deleted). Deleting either one, or choosing in the compare view, closes it.
import { revealNote } from '../db/locked-note-codec.ts';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { ConflictRow, LocalNote } from '../db/types.ts';

export interface OpenConflict extends ConflictRow {
  note: LocalNote;
  copy: LocalNote;
}

/** Oldest first. Conflicts are few, so every row is read (with its two notes). */
export async function listOpenConflicts(db: NotesDatabase): Promise<OpenConflict[]> {
  return db.transaction('r', db.conflicts, db.notes, async () => {
    const rows = await db.conflicts.orderBy('copyId').toArray();
    const notes = await db.notes.bulkGet(rows.flatMap((row) => [row.noteId, row.copyId]));
    const open: OpenConflict[] = [];
    rows.forEach((row, index) => {
      const note = notes[index * 2];
      const copy = notes[index * 2 + 1];
      // Locked notes show decrypted (in memory) while unlocked, as "Locked note" otherwise.
      if (note && copy && !note.deleted && !copy.deleted)
        open.push({ ...row, note: revealNote(note), copy: revealNote(copy) });
    });
    return open.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  });
}
