// The editor's save of an existing note. Tabs of one browser share this database, and the sync engine writes
// pulled notes into it: the stored note may have changed since the editor read it. The save therefore names
// the text the editor started from (its base) and never replaces stored text the editor has not seen:
// - the stored note is still the base: the editor's text is saved as it is;
// - it changed (another tab, a pulled edit): the three-way merge sync already uses (shared mergeNote) joins the
//   two; a clean merge is saved;
// - the changes overlap: the stored note stays, the editor's text becomes a conflicted copy beside it, recorded
//   as a conflict, exactly as when two devices collide (DECISIONS "Many writers, one truth").
import { mergeNote } from '@private-notes/shared/rules/merge-note';
import { conflictedCopy } from '../sync/conflicted-copy.ts';
import { sameFields } from '../sync/note-mapping.ts';
import { queueAttachmentUploads } from './attachment-store.ts';
import { db } from './db.ts';
import { openStoredNote, rowToStore } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import { enqueueChange, type NoteInput, updateNote } from './notes-store.ts';
import type { LocalNote } from './types.ts';

export type EditedNoteSave =
  /** Saved as typed: nobody else had changed the note. */
  | { kind: 'saved'; note: LocalNote }
  /** The note had changed elsewhere; both changes are in the saved text. */
  | { kind: 'merged'; note: LocalNote }
  /** The changes overlapped: `note` is the stored note, untouched; `copy` holds the editor's text. */
  | { kind: 'conflict'; note: LocalNote; copy: LocalNote }
  /** The changes overlapped and the caller asked not to keep both (an automatic save): nothing was written. */
  | { kind: 'overlap'; note: LocalNote }
  /** The note was deleted meanwhile (here or elsewhere): nothing was written. */
  | { kind: 'deleted' };

export interface SaveEditedOptions {
  /** False for saves the owner did not ask for (auto-save): overlapping changes are then left to Save. */
  keepBoth?: boolean;
  now?: () => Date;
}

export async function saveEditedNote(
  id: string,
  base: NoteInput,
  edited: NoteInput,
  database: NotesDatabase = db,
  options: SaveEditedOptions = {},
): Promise<EditedNoteSave> {
  const { keepBoth = true, now = () => new Date() } = options;
  const tables = [
    database.notes,
    database.outbox,
    database.attachments,
    database.uploads,
    database.conflicts,
  ];
  return database.transaction('rw', tables, async (): Promise<EditedNoteSave> => {
    const row = await database.notes.get(id);
    if (!row || row.deleted) return { kind: 'deleted' };
    // A locked note is compared and merged in plain text, in memory; what is written is sealed again.
    const stored = openStoredNote(row);
    if (sameFields(stored, base)) {
      return { kind: 'saved', note: await updateNote(id, edited, database) };
    }
    const merged = mergeNote(base, edited, stored);
    if (merged.clean) {
      return { kind: 'merged', note: await updateNote(id, merged.note, database) };
    }
    if (!keepBoth) return { kind: 'overlap', note: stored };
    const title = edited.title.trim() || stored.title;
    const plainCopy = conflictedCopy({ ...stored, ...edited, title, tags: [...edited.tags] }, now());
    const copy = rowToStore(plainCopy, stored.locked === true);
    await database.notes.add(copy);
    await enqueueChange(database, copy, 'create');
    await queueAttachmentUploads(database, plainCopy.content, stored.locked === true);
    await database.conflicts.put({
      copyId: copy.id,
      noteId: stored.id,
      title,
      createdAt: copy.createdAt,
    });
    return { kind: 'conflict', note: stored, copy: stored.locked ? { ...plainCopy, locked: true } : copy };
  });
}
