// Ticking a task box in the viewer: the note's text changes on that one line and the change is queued for
// sync, as any edit (updateNote). The tick applies only to the text the owner was looking at: if the note
// changed meanwhile (a sync, another tab), the index could point at another task, so nothing is written.
import { toggleTask } from '@private-notes/shared';
import { db } from './db.ts';
import type { NotesDatabase } from './notes-database.ts';
import { updateNote } from './notes-store.ts';
import type { LocalNote } from './types.ts';

export class NoteChangedError extends Error {
  constructor() {
    super('The note changed before the task could be ticked');
    this.name = 'NoteChangedError';
  }
}

export async function toggleNoteTask(
  id: string,
  shownContent: string,
  index: number,
  database: NotesDatabase = db,
): Promise<LocalNote> {
  const tables = [database.notes, database.outbox, database.attachments, database.uploads];
  return database.transaction('rw', tables, async () => {
    const current = await database.notes.get(id);
    if (!current || current.deleted || current.content !== shownContent) throw new NoteChangedError();
    const content = toggleTask(current.content, index);
    if (content === null) throw new NoteChangedError();
    return updateNote(id, { content }, database);
  });
}
