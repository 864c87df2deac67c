// The Trash as this device knows it (the `trash` table): deleted notes kept whole, so Undo, the Trash screen
// and Restore work offline. A restore is an ordinary local change: the note goes back to its row and an edit
// based on the version it had is queued, which the server takes as "bring it back" (an edit always wins over
// a delete), with its history. Delete forever and Empty trash need the server, which holds the revisions.
import { TRASH_DAYS, type TrashedNote } from '@private-notes/shared';
import { db } from './db.ts';
import type { NotesDatabase } from './notes-database.ts';
import { enqueueChange } from './notes-store.ts';
import type { LocalNote, TrashRow } from './types.ts';

export { trashRowOf } from './trash-row.ts';

const DAY_MS = 86_400_000;

export const DELETE_NOT_SYNCED_MESSAGE =
  'This delete has not reached the server yet. Try again once your notes are synced.';

/** The server's Trash entry under the local id every device gives that note. */
export function trashRowFromServer(note: TrashedNote): TrashRow {
  return {
    id: note.clientId ?? `s${note.id}`,
    serverId: note.id,
    version: note.version,
    title: note.title,
    content: note.content,
    tags: note.tags,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    deletedAt: note.deletedAt,
  };
}

function cutoff(now: Date): string {
  return new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
}

/** Newest delete first; rows past TRASH_DAYS are left out (the server has purged them too). */
export async function listTrash(database: NotesDatabase = db, now = new Date()): Promise<TrashRow[]> {
  const rows = await database.trash.where('deletedAt').aboveOrEqual(cutoff(now)).toArray();
  return rows.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || a.id.localeCompare(b.id));
}

/** Ids of notes whose delete is still waiting in the outbox (the server does not have them in its Trash yet). */
async function pendingDeletes(database: NotesDatabase): Promise<Set<string>> {
  const rows = await database.notes.where('deleted').equals(1).primaryKeys();
  return new Set(rows);
}

/**
 * The server's Trash, just fetched, replaces what this device knew of it. Kept besides: deletes not pushed
 * yet, notes that never reached the server, and nothing restored here meanwhile comes back.
 */
export async function replaceTrashFromServer(
  list: readonly TrashedNote[],
  database: NotesDatabase = db,
  now = new Date(),
): Promise<void> {
  await database.transaction('rw', database.notes, database.trash, async () => {
    const pending = await pendingDeletes(database);
    const known = await database.trash.toArray();
    const stale = known.filter((row) => row.serverId !== null && !pending.has(row.id)).map((row) => row.id);
    await database.trash.bulkDelete(stale);
    await database.trash.where('deletedAt').below(cutoff(now)).delete();
    const rows = list.map(trashRowFromServer);
    const live = await database.notes.bulkGet(rows.map((row) => row.id));
    await database.trash.bulkPut(rows.filter((_, i) => !live[i] || live[i]!.deleted === 1));
  });
}

/**
 * Puts a note from the Trash back among the notes, with its text as deleted, and queues the change that tells
 * the server (which brings it back with its history). Works offline. Answers the note.
 */
export async function restoreFromTrash(id: string, database: NotesDatabase = db): Promise<LocalNote> {
  return database.transaction(
    'rw',
    [database.notes, database.outbox, database.trash, database.deletions],
    async () => {
      const row = await database.trash.get(id);
      const current = await database.notes.get(id);
      if (!row && !current?.deleted) throw new Error('This note is no longer in the Trash.');
      let note: LocalNote;
      if (current) {
        // Still here: a delete not pushed yet is taken back, a note already back stays as it is.
        note = { ...current, deleted: 0, syncState: 'pending', syncError: null };
      } else {
        const r = row!;
        note = {
          id: r.id,
          serverId: r.serverId,
          version: r.version,
          title: r.title,
          content: r.content,
          tags: [...r.tags],
          createdAt: r.createdAt,
          updatedAt: new Date().toISOString(),
          deleted: 0,
          syncState: 'pending',
          syncError: null,
        };
      }
      if (!current || current.deleted) {
        await database.notes.put(note);
        await enqueueChange(database, note, note.serverId === null ? 'create' : 'update');
      }
      await database.trash.delete(id);
      if (note.serverId !== null) await database.deletions.delete(note.serverId);
      return note;
    },
  );
}

/**
 * Removes one note from the Trash for good. `removeOnServer` asks the server (its revisions go there); a
 * note that never reached the server is only here. Refused while the delete itself waits to be pushed.
 */
export async function deleteForever(
  id: string,
  removeOnServer: (serverId: number) => Promise<void>,
  database: NotesDatabase = db,
): Promise<void> {
  const row = await database.trash.get(id);
  if (!row) return;
  if ((await database.notes.get(id))?.deleted) throw new Error(DELETE_NOT_SYNCED_MESSAGE);
  if (row.serverId !== null) await removeOnServer(row.serverId);
  await database.trash.delete(id);
}

/** Empties the Trash: the server's, then this device's (deletes not pushed yet stay, they are not there yet). */
export async function emptyTrash(
  emptyOnServer: () => Promise<void>,
  database: NotesDatabase = db,
): Promise<number> {
  await emptyOnServer();
  return database.transaction('rw', database.notes, database.trash, async () => {
    const pending = await pendingDeletes(database);
    const ids = (await database.trash.toArray()).filter((row) => !pending.has(row.id)).map((row) => row.id);
    await database.trash.bulkDelete(ids);
    return ids.length;
  });
}
