// Deletes that cannot eat an edit, as the device sees them: a delete refused by the server (the note changed
// since this device saw it) or undone by a later edit elsewhere brings the note back, and leaves a notice so the
// owner knows why a note they deleted is still there. Callers run these inside their own transaction, with the
// `notices` and `deletions` tables in its scope.
import type { NotesDatabase } from '../db/notes-database.ts';
import type { LocalNote } from '../db/types.ts';

/** How long a confirmed delete is remembered to explain the note coming back. */
export const DELETION_MEMORY_DAYS = 30;

export function deleteRefusedMessage(title: string): string {
  return `“${title}” was not deleted: it was edited on another device since this one last saw it. It is back in your notes, with that edit.`;
}

export function deleteUndoneMessage(title: string): string {
  return `“${title}” is back: it was edited on another device after you deleted it here (an edit always wins over a delete), or restored from the Trash there.`;
}

export async function addNotice(db: NotesDatabase, noteId: string, message: string, at: Date): Promise<void> {
  // One notice per note: a newer one replaces what it said before.
  await db.notices.where('noteId').equals(noteId).delete();
  await db.notices.add({ noteId, message, createdAt: at.toISOString() });
}

/** The server confirmed the delete of `note`: remember it, and forget memories past their time. */
export async function rememberDeletion(db: NotesDatabase, note: LocalNote, at: Date): Promise<void> {
  if (note.serverId === null) return;
  const cutoff = new Date(at.getTime() - DELETION_MEMORY_DAYS * 86_400_000).toISOString();
  await db.deletions.where('deletedAt').below(cutoff).delete();
  await db.deletions.put({ serverId: note.serverId, title: note.title, deletedAt: at.toISOString() });
}

/**
 * Notes arriving from the server that this device deleted (and the server had confirmed): tell the owner each
 * came back, and forget the deletion.
 */
export async function noticeReturned(
  db: NotesDatabase,
  arrived: readonly LocalNote[],
  at: Date,
): Promise<void> {
  const serverIds = arrived.flatMap((note) => (note.serverId === null ? [] : [note.serverId]));
  // Usually nothing is remembered (a first sync, say): one count instead of a read per arriving note.
  if (serverIds.length === 0 || (await db.deletions.count()) === 0) return;
  const remembered = await db.deletions.bulkGet(serverIds);
  for (const [index, deletion] of remembered.entries()) {
    if (!deletion) continue;
    const note = arrived.find((n) => n.serverId === serverIds[index])!;
    await addNotice(db, note.id, deleteUndoneMessage(note.title), at);
    await db.deletions.delete(deletion.serverId);
  }
}
