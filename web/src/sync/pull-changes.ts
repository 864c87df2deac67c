// Pulls the server's changes feed from the saved cursor, page by page, into the local database. Two guards keep
// local work safe: a note with a queued change is never overwritten (the push settles it with baseVersion), and
// a server that looks new or reset never wipes local notes: they are queued to be pushed again instead.
import { API, type NoteChanges, NoteChangesSchema } from '@private-notes/shared';
import { REQUEST_TIMEOUT_MS } from '../api/request-deadline.ts';
import { FIRST_SYNC_FIRST_PAGE } from '../db/first-page-script.ts';
import type { NotesDatabase } from '../db/notes-database.ts';
import { enqueueChange } from '../db/notes-store.ts';
import { trashRowOf } from '../db/trash-row.ts';
import type { LocalNote } from '../db/types.ts';
import { addNotice, deleteRefusedMessage, noticeReturned } from './delete-notices.ts';
import { dropEarlyFeed, rememberFeedCursor, takeEarlyFeed } from './early-feed.ts';
import { feedPagesAhead } from './feed-pages-ahead.ts';
import { localFromServer } from './note-mapping.ts';
import {
  countNotesTheServerLacks,
  rememberEpoch,
  serverWasRestored,
  settleRestore,
} from './restore-epoch.ts';
import { CURSOR_KEY, type PullProgress, readCursor } from './sync-cursor.ts';
import { describeAnswer, type SyncRequest, throwIfStopping } from './sync-http.ts';

export { CURSOR_KEY, type PullProgress, readCursor } from './sync-cursor.ts';

export const PULL_PAGE_SIZE = 1000;
/** Pages asked for and not yet stored, at most: the one being parsed or waited for, and the one after it. */
const PAGES_AHEAD = 2;

export { FIRST_SYNC_FIRST_PAGE };

export interface PullContext {
  db: NotesDatabase;
  request: SyncRequest;
  pageSize?: number;
  now?: () => Date;
  /** Called while a device without a cursor (its first sync) pulls: before the first page, then per page. */
  onProgress?: (progress: PullProgress) => void;
  /** The round's: a first sync stops waiting for the page's early answer when it aborts. */
  signal?: AbortSignal;
  /** The longest a first sync waits for the page's early answer (early-feed.ts); REQUEST_TIMEOUT_MS by default. */
  earlyFeedWaitMs?: number;
}

export interface PullResult {
  /** Notes written or removed locally. */
  applied: number;
  /** The server had lost what we had synced; local notes were queued to be pushed again. */
  reset: boolean;
}

/**
 * Page after page until the feed says there is no more. The next pages are fetched while this one is stored
 * (feed-pages-ahead.ts: the network, the server and the parsing overlap the IndexedDB transaction); a page is
 * stored with its cursor in one transaction, so a fault anywhere resumes after the last page stored, never
 * skipping or repeating one.
 */
export async function pullChanges(ctx: PullContext): Promise<PullResult> {
  const { db, request } = ctx;
  const limit = ctx.pageSize ?? PULL_PAGE_SIZE;
  let since = await readCursor(db);
  const first = since === null;
  rememberFeedCursor(!first);
  // Not a first sync (another tab finished it since the page loaded): the page's early answer is stale.
  if (!first) dropEarlyFeed();
  const progress: PullProgress = { received: 0, total: null };
  if (first) ctx.onProgress?.({ ...progress });
  let applied = 0;
  const pages = feedPagesAhead(
    first
      ? firstSyncFirstPage(ctx, Math.min(limit, FIRST_SYNC_FIRST_PAGE))
      : fetchPage(request, since, limit),
    since,
    (cursor) => fetchPage(request, cursor, limit),
    PAGES_AHEAD,
  );
  try {
    for (let page = 0; ; page++) {
      const changes = await pages.next();
      if (page === 0 && (await serverWasRestored(db, changes.restoreEpoch))) {
        // The server went back in time (restore-epoch.ts): send back what it lacks, pull from the start.
        pages.stop();
        const sentBack = await countNotesTheServerLacks(db, request, limit);
        await requeueEverything(db);
        await settleRestore(db, changes.restoreEpoch!, sentBack, ctx.now?.() ?? new Date());
        rememberFeedCursor(false);
        return { applied, reset: true };
      }
      if (page === 0 && (await looksReset(db, since, changes))) {
        pages.stop();
        await requeueEverything(db);
        rememberFeedCursor(false);
        return { applied, reset: true };
      }
      const last = !changes.more || changes.cursor === since;
      applied += await applyChanges(db, changes, ctx.now?.() ?? new Date());
      if (page === 0) await rememberEpoch(db, changes.restoreEpoch);
      if (first && page === 0) rememberFeedCursor(true);
      if (first) {
        progress.received += changes.notes.length;
        if (page === 0 && changes.total !== undefined) progress.total = changes.total;
        ctx.onProgress?.({ ...progress });
      }
      if (last) return { applied, reset: false };
      since = changes.cursor;
    }
  } catch (error) {
    pages.stop();
    // Whatever the screen showed from the page's early answer is not stored: it goes back to waiting.
    if (first) dropEarlyFeed();
    throw error;
  }
}

/**
 * A first sync's first page: the one the page's shell asked for while the app loaded (the same request), when it
 * came back whole in time; otherwise asked for now. Either way it is stored with its cursor like any page.
 */
async function firstSyncFirstPage(ctx: PullContext, limit: number): Promise<NoteChanges> {
  const early = await takeEarlyFeed(ctx.earlyFeedWaitMs ?? REQUEST_TIMEOUT_MS, ctx.signal);
  if (early !== null) {
    const parsed = NoteChangesSchema.safeParse(early);
    if (parsed.success) return parsed.data;
    dropEarlyFeed();
  }
  return fetchPage(ctx.request, null, limit);
}

async function fetchPage(request: SyncRequest, since: string | null, limit: number): Promise<NoteChanges> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (since !== null) query.set('since', since);
  const answer = await request('GET', `${API.noteChanges}?${query}`);
  throwIfStopping(answer);
  if (answer.status !== 200) throw new Error(describeAnswer(answer));
  return NoteChangesSchema.parse(answer.body);
}

/** A cursor that went backwards, or a full feed with nothing in it while we hold synced notes. */
async function looksReset(db: NotesDatabase, since: string | null, changes: NoteChanges): Promise<boolean> {
  if (since !== null) return BigInt(changes.cursor) < BigInt(since);
  if (changes.notes.length > 0 || changes.deleted.length > 0 || changes.more) return false;
  return (await db.notes.where('serverId').above(0).count()) > 0;
}

/** Forget server ids and queue every live note as a create (its client id makes a repeat harmless). */
async function requeueEverything(db: NotesDatabase): Promise<void> {
  await db.transaction('rw', [db.notes, db.outbox, db.syncMeta, db.syncBases], async () => {
    // A server that lost our notes has no version any base could match.
    await db.syncBases.clear();
    const synced = await db.notes.where('serverId').above(0).toArray();
    for (const note of synced) {
      if (note.deleted) {
        await db.notes.delete(note.id);
        await db.outbox.where('noteId').equals(note.id).delete();
        continue;
      }
      const fresh: LocalNote = {
        ...note,
        serverId: null,
        version: null,
        syncState: 'pending',
        syncError: null,
      };
      await db.notes.put(fresh);
      await enqueueChange(db, fresh, 'create');
    }
    await db.syncMeta.delete(CURSOR_KEY);
  });
}

/**
 * The local notes with these server ids. A page's ids are mostly close together (the feed follows the order
 * of changes, and a first sync's notes were mostly created in order), so the ids in their range are read
 * from the index first, keys only, and only the notes among them fetched; anyOf() walks the index one
 * cursor step per id, which grew to most of a first sync's time per page as the table filled.
 */
async function notesByServerId(
  db: NotesDatabase,
  serverIds: readonly number[],
  byLikelyId: readonly (LocalNote | undefined)[],
): Promise<LocalNote[]> {
  // Most notes have the id a pull gives them (their client id, else s<server id>), already read by key: only the
  // others are looked up by server id. After a push, the feed brings back this device's own changes, scattered
  // over the whole table, and walking the index for each took most of the round.
  const found: LocalNote[] = [];
  const missing = new Set(serverIds);
  for (const note of byLikelyId) {
    if (note?.serverId != null && missing.delete(note.serverId)) found.push(note);
  }
  if (missing.size === 0) return found;
  return [...found, ...(await notesByServerIdIndex(db, [...missing]))];
}

async function notesByServerIdIndex(db: NotesDatabase, serverIds: readonly number[]): Promise<LocalNote[]> {
  let low = serverIds[0]!;
  let high = low;
  for (const id of serverIds) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  const inRange = await db.notes.where('serverId').between(low, high, true, true).primaryKeys();
  // Scattered ids whose range holds most of the table: the per-id walk reads less.
  if (inRange.length > 2 * serverIds.length) return db.notes.where('serverId').anyOf(serverIds).toArray();
  const wanted = new Set(serverIds);
  const notes = await db.notes.bulkGet(inRange);
  return notes.filter((note): note is LocalNote => note !== undefined && wanted.has(note.serverId ?? -1));
}

/** Above this many ids, notesByLikelyId reads the table's keys first rather than asking for each id. */
const LIKELY_ID_KEY_SCAN = 200;

/**
 * The notes with these ids, or undefined. A first sync's page asks for 1,000 ids the table mostly lacks, and
 * a get per id cost a quarter of a second a page in Chromium: for a large page the keys are read first (one
 * request, keys only) and only the ids present are fetched.
 */
async function notesByLikelyId(
  db: NotesDatabase,
  ids: readonly string[],
): Promise<(LocalNote | undefined)[]> {
  if (ids.length < LIKELY_ID_KEY_SCAN) return db.notes.bulkGet([...ids]);
  const present = new Set(await db.notes.toCollection().primaryKeys());
  const wanted = ids.filter((id) => present.has(id));
  if (wanted.length === 0) return ids.map(() => undefined);
  const found = new Map((await db.notes.bulkGet(wanted)).flatMap((note) => (note ? [[note.id, note]] : [])));
  return ids.map((id) => found.get(id));
}

/**
 * Stores a page with its cursor. No merge bases: a note written from the server is in step with it, so its row
 * is its own base until it is first changed here, which keeps it in its outbox entry (sync-bases.ts). A first
 * sync wrote each note twice before (docs/decisions/merge-base-at-first-edit.md).
 */
async function applyChanges(db: NotesDatabase, changes: NoteChanges, now: Date): Promise<number> {
  const tables = [db.notes, db.outbox, db.syncMeta, db.notices, db.deletions, db.trash, db.syncBases];
  return db.transaction('rw', tables, async () => {
    let applied = 0;
    const queued = new Map((await db.outbox.toArray()).map((entry) => [entry.noteId, entry]));
    const serverIds = [...changes.notes.map((n) => n.id), ...changes.deleted];
    const byServerId = new Map<number, LocalNote>();
    // The id each note has here if a pull or this device made it: its client id, else s<server id>.
    const likelyIds = [
      ...changes.notes.map((n) => n.clientId ?? `s${n.id}`),
      ...changes.deleted.map((id) => `s${id}`),
    ];
    const byLikelyId = await notesByLikelyId(db, likelyIds);
    for (const local of await notesByServerId(db, serverIds, byLikelyId)) {
      if (local.serverId !== null) byServerId.set(local.serverId, local);
    }
    const byClientId = new Map<string, LocalNote>();
    changes.notes.forEach((n, index) => {
      const local = byLikelyId[index];
      if (n.clientId && local) byClientId.set(local.id, local);
    });

    const writes: LocalNote[] = [];
    for (const server of changes.notes) {
      const local =
        byServerId.get(server.id) ?? (server.clientId ? byClientId.get(server.clientId) : undefined);
      const entry = local ? queued.get(local.id) : undefined;
      if (local && entry) {
        // An edit made elsewhere beats a delete made here without seeing it: keep the edited note.
        if (local.deleted && server.version > (local.version ?? 0)) {
          await db.outbox.delete(entry.seq!);
          writes.push(localFromServer(server, local.id));
          await addNotice(db, local.id, deleteRefusedMessage(server.title), now);
        }
        continue;
      }
      if (local && local.serverId === server.id && (local.version ?? 0) >= server.version) continue;
      const id = local?.id ?? server.clientId ?? `s${server.id}`;
      writes.push(localFromServer(server, id));
    }
    await noticeReturned(db, writes, now);
    await db.notes.bulkPut(writes);
    // A note back from the Trash (restored on another device, or edited there) is no longer in it here. The
    // Trash is mostly empty: ask it first rather than delete a thousand keys it does not hold.
    if ((await db.trash.count()) > 0) {
      const inTrash = await db.trash.bulkGet(writes.map((note) => note.id));
      await db.trash.bulkDelete(inTrash.flatMap((row) => (row ? [row.id] : [])));
    }
    applied += writes.length;

    for (const serverId of changes.deleted) {
      const local = byServerId.get(serverId);
      if (!local) continue;
      const entry = queued.get(local.id);
      if (entry && !local.deleted) continue; // local edits survive: the push recreates the note
      if (entry) await db.outbox.delete(entry.seq!);
      // Deleted on another device: it is in the Trash there, so this device keeps a copy in its own.
      else await db.trash.put(trashRowOf(local, now));
      await db.notes.delete(local.id);
      await db.syncBases.delete(local.id);
      applied++;
    }
    await db.syncMeta.put({ key: CURSOR_KEY, value: changes.cursor });
    return applied;
  });
}
