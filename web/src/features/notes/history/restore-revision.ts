// Restoring a revision is an ordinary local edit of the same note (not a copy): it goes through the notes store
// and the outbox like any edit, marked 'restore' so the server keeps the text it replaces as a revision too.
import { isLockedNoteText, type Revision } from '@private-notes/shared';
import { db } from '../../../db/db.ts';
import { openFields } from '../../../db/locked-note-codec.ts';
import type { NotesDatabase } from '../../../db/notes-database.ts';
import { updateNote } from '../../../db/notes-store.ts';
import type { LocalNote } from '../../../db/types.ts';

/**
 * A revision as the owner reads it: a locked note's revision is ciphertext, opened here in memory while the vault
 * is unlocked (null when it cannot be: shown as "Locked"). Restoring it seals it again (notes-store).
 */
export function readableRevision<R extends Pick<Revision, 'title' | 'content' | 'tags'>>(
  noteId: string,
  revision: R,
): R | null {
  if (!isLockedNoteText(revision.content)) return revision;
  try {
    return { ...revision, ...openFields(noteId, revision) };
  } catch {
    return null;
  }
}

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
