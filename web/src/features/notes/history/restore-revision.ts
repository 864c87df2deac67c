// Restoring a revision is an ordinary local edit of the same note (not a copy): it goes through the notes store
// and the outbox like any edit, marked 'restore' so the server keeps the text it replaces as a revision too.
import type { Revision } from '@private-notes/shared';
import { db } from '../../../db/db.ts';
import type { NotesDatabase } from '../../../db/notes-database.ts';
import { updateNote } from '../../../db/notes-store.ts';
import type { LocalNote } from '../../../db/types.ts';

export function restoreRevision(
  noteId: string,
  revision: Pick<Revision, 'title' | 'content' | 'tags'>,
  database: NotesDatabase = db,
): Promise<LocalNote> {
  return updateNote(
    noteId,
    { title: revision.title, content: revision.content, tags: revision.tags },
    database,
    'restore',
  );
}
