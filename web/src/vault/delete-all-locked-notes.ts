// "I have lost my passphrase and recovery key": the honest way out. Nothing can open the locked notes any more,
// so they are deleted everywhere (the server's notes, its Trash and their history, then this device's copies),
// and the vault header goes last (the server refuses it while a locked note remains), leaving the owner free to
// set up a new vault. Online only: "everywhere" needs the server. Plain notes are never touched.
import { isLockedNoteText, type Note, type TrashedNote } from '@private-notes/shared';
import type { NotesDatabase } from '../db/notes-database.ts';

export interface LockedNotesServer {
  listNotes(): Promise<Note[]>;
  deleteNote(id: number): Promise<unknown>;
  trash(): Promise<TrashedNote[]>;
  deleteForever(id: number): Promise<unknown>;
  deleteVault(version: number): Promise<unknown>;
}

export const OFFLINE_DELETE_MESSAGE =
  'You are offline: deleting locked notes everywhere needs the server. Try again once you are online.';

/** How many locked notes this device knows of, live and in the Trash (for the explanation). */
export async function countLockedNotes(database: NotesDatabase): Promise<{ live: number; trash: number }> {
  let live = 0;
  let trash = 0;
  await database.notes.each((row) => {
    if (!row.deleted && isLockedNoteText(row.content)) live++;
  });
  await database.trash.each((row) => {
    if (isLockedNoteText(row.content)) trash++;
  });
  return { live, trash };
}

/** Deletes every locked note (server, its Trash, this device) and then the vault header at `version`. */
export async function deleteAllLockedNotes(
  server: LockedNotesServer,
  database: NotesDatabase,
  version: number,
): Promise<number> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error(OFFLINE_DELETE_MESSAGE);
  let deleted = 0;
  for (const note of await server.listNotes())
    if (isLockedNoteText(note.content)) {
      await server.deleteNote(note.id);
      deleted++;
    }
  for (const note of await server.trash())
    if (isLockedNoteText(note.content)) await server.deleteForever(note.id);
  await forgetLockedNotesHere(database);
  await server.deleteVault(version);
  return deleted;
}

/** This device's locked notes, their queued changes, drafts and Trash copies: gone. */
async function forgetLockedNotesHere(database: NotesDatabase): Promise<void> {
  await database.transaction(
    'rw',
    [database.notes, database.outbox, database.trash, database.syncBases],
    async () => {
      const rows = await database.notes.filter((row) => isLockedNoteText(row.content)).toArray();
      const ids = rows.map((row) => row.id);
      await database.outbox.where('noteId').anyOf(ids).delete();
      await database.syncBases.bulkDelete(ids);
      await database.notes.bulkDelete(ids);
      const trash = await database.trash.filter((row) => isLockedNoteText(row.content)).toArray();
      await database.trash.bulkDelete(trash.map((row) => row.id));
    },
  );
}
