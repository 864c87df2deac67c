// Ticking a task box in the viewer: the note's text changes on that one line and the change is queued for
// sync, as any edit (updateNote). The box is set to what the owner saw it become, in the note as it is now
// (a quick second tick, or a sync meanwhile, is kept); if the note's tasks themselves changed since it was
// shown (added, removed, edited), the index could point at another task, so nothing is written.
import { sameTasks, setTask } from '@private-notes/shared';
import { db } from './db.ts';
import { openStoredNote } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import { updateNote } from './notes-store.ts';
import type { LocalNote } from './types.ts';

export class NoteChangedError extends Error {
  constructor() {
    super('The note’s tasks changed before this one could be ticked');
    this.name = 'NoteChangedError';
  }
}

export async function toggleNoteTask(
  id: string,
  shownContent: string,
  index: number,
  checked: boolean,
  database: NotesDatabase = db,
): Promise<LocalNote> {
  const tables = [database.notes, database.outbox, database.attachments, database.uploads];
  return database.transaction('rw', tables, async () => {
    const stored = await database.notes.get(id);
    const current = stored && openStoredNote(stored);
    if (!current || current.deleted || !sameTasks(current.content, shownContent))
      throw new NoteChangedError();
    const content = setTask(current.content, index, checked);
    if (content === null) throw new NoteChangedError();
    // Already so (the same tick from another device): nothing to write or send.
    if (content === current.content) return current;
    return updateNote(id, { content }, database);
  });
}
