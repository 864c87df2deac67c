// The server's restore epoch (docs/decisions/restore-epoch.md) as this device sees it. A pull whose answer
// names another epoch than the one this device last synced under means the server went back in time (a
// backup restored): its cursor means nothing any more, and the notes this device synced after the backup's
// point are not on the server. pull-changes.ts then queues every live note to be pushed again (the server
// keeps one note per client id, so the notes it has are not doubled) and pulls from the start; this module
// counts what the server lacked and says so once.
import { API, NoteChangesSchema } from '@private-notes/shared';
import type { NotesDatabase } from '../db/notes-database.ts';
import { addNotice } from './delete-notices.ts';
import { SERVER_RESTORED_NOTICE, serverRestoredMessage } from './restore-notice.ts';
import { describeAnswer, type SyncRequest, throwIfStopping } from './sync-http.ts';

const EPOCH_KEY = 'restoreEpoch';
async function knownEpoch(db: NotesDatabase): Promise<string | null> {
  const row = await db.syncMeta.get(EPOCH_KEY);
  return typeof row?.value === 'string' ? row.value : null;
}

/** True when the server answers under another epoch than the one this device last pulled under. */
export async function serverWasRestored(db: NotesDatabase, epoch: string | undefined): Promise<boolean> {
  if (epoch === undefined) return false; // an older server
  const known = await knownEpoch(db);
  return known !== null && known !== epoch;
}

/** Remembers the epoch a pull was answered under (first sync, or after a restore was handled). */
export async function rememberEpoch(db: NotesDatabase, epoch: string | undefined): Promise<void> {
  if (epoch === undefined || (await knownEpoch(db)) === epoch) return;
  await db.syncMeta.put({ key: EPOCH_KEY, value: epoch });
}

/**
 * How many of this device's synced, live notes the restored server does not have: its whole feed is read
 * (restores are rare) and compared by client id. Call before the notes are queued again.
 */
export async function countNotesTheServerLacks(
  db: NotesDatabase,
  request: SyncRequest,
  pageSize: number,
): Promise<number> {
  const onServer = new Set<string>();
  let since: string | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (since !== null) query.set('since', since);
    const answer = await request('GET', `${API.noteChanges}?${query}`);
    throwIfStopping(answer);
    if (answer.status !== 200) throw new Error(describeAnswer(answer));
    const page = NoteChangesSchema.parse(answer.body);
    for (const note of page.notes) onServer.add(note.clientId ?? `s${note.id}`);
    if (!page.more || page.cursor === since) break;
    since = page.cursor;
  }
  const synced = await db.notes.where('serverId').above(0).toArray();
  return synced.filter((note) => !note.deleted && !onServer.has(note.id)).length;
}

/** After the notes were queued again: the new epoch is this device's, and the owner is told once. */
export async function settleRestore(
  db: NotesDatabase,
  epoch: string,
  sentBack: number,
  now: Date,
): Promise<void> {
  await db.transaction('rw', [db.syncMeta, db.notices], async () => {
    await db.syncMeta.put({ key: EPOCH_KEY, value: epoch });
    await addNotice(db, SERVER_RESTORED_NOTICE, serverRestoredMessage(sentBack), now);
  });
}
