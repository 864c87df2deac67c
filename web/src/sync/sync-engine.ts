// The sync engine: runs pull → push → pull rounds against /api/notes, decides when (start, online, tab visible,
// after local changes, periodically, backoff retries), lets one tab at a time do it (Web Locks), and publishes a
// SyncStatus. Plain TypeScript, no React: screens subscribe through useSyncStatus.

import Dexie, { liveQuery, type ObservabilitySet, type Subscription } from 'dexie';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { OutboxEntry, UploadEntry } from '../db/types.ts';
import { backoffDelay } from './backoff-delay.ts';
import { composeSyncStatus } from './compose-sync-status.ts';
import { fetchAttachments } from './fetch-attachments.ts';
import type { LiveFeedBus } from './live/live-feed-bus.ts';
import { listOpenConflicts } from './open-conflicts.ts';
import type { PullProgress } from './pull-changes.ts';
import {
  EMPTY_QUEUE,
  type QueueSummary,
  queueSignature,
  readQueueSummary,
  readyCount,
} from './queue-summary.ts';
import { RECONNECT_RETRY_MS } from './reconnect-retry.ts';
import {
  createBytesRequest,
  createSyncRequest,
  type HttpOptions,
  UnauthorizedSyncError,
  UnreachableSyncError,
} from './sync-http.ts';
import { runSyncRound } from './sync-round.ts';
import { INITIAL_SYNC_STATUS, type SyncStatus } from './sync-status.ts';
import { watchSyncTriggers } from './sync-triggers.ts';

export interface SyncEngineOptions extends HttpOptions {
  db: NotesDatabase;
  /** Defaults to navigator.onLine (always true where there is no navigator). */
  isOnline?: () => boolean;
  /** navigator.locks where present; null runs without a cross-tab lock. */
  locks?: LockManager | null;
  random?: () => number;
  now?: () => Date;
  debounceMs?: number;
  periodMs?: number;
  pageSize?: number;
  /** The longest wait between attempts while requests fail but the browser says online (UNREACHABLE_RETRY_MAX_MS). */
  unreachableRetryMaxMs?: number;
  /** Where `online`/`offline` events arrive: the window in a browser (tests pass their own). */
  networkEvents?: EventTarget | null;
  /** News of feeds that moved on the server (live/live-feed-bus.ts): notes or trash moving pulls at once. */
  live?: Pick<LiveFeedBus, 'subscribe'> | null;
}

export type SyncRoundResult = 'synced' | 'failed' | 'unauthorized' | 'offline' | 'busy';

export interface SyncEngine {
  /** Begin listening to triggers and sync once. */
  start(): void;
  stop(): void;
  /** One round now (or join the running one). */
  syncNow(): Promise<SyncRoundResult>;
  /** After signing in again: clear the pause and sync. */
  resume(): Promise<SyncRoundResult>;
  getStatus(): SyncStatus;
  /**
   * Brings the files with these hashes onto this device if they are not here yet (a note that uses them was
   * opened); returns how many were stored. Offline it does nothing; failures are left for the next opening.
   */
  fetchAttachments(hashes: readonly string[]): Promise<number>;
  subscribe(listener: (status: SyncStatus) => void): () => void;
}

const LOCK_NAME = 'private-notes-sync';
/** The longest wait between attempts while the server is unreachable and the browser believes it is online. */
export const UNREACHABLE_RETRY_MAX_MS = 10_000;

// RECONNECT_RETRY_MS (reconnect-retry.ts): the round stays 'syncing' through those quick retries.
export { RECONNECT_RETRY_MS };

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db } = options;
  const request = createSyncRequest(options);
  const bytesRequest = createBytesRequest(options);
  const isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const locks =
    options.locks !== undefined
      ? options.locks
      : typeof navigator !== 'undefined'
        ? (navigator.locks ?? null)
        : null;
  const now = options.now ?? (() => new Date());
  const debounceMs = options.debounceMs ?? 1000;
  const periodMs = options.periodMs ?? 60_000;
  const unreachableRetryMaxMs = options.unreachableRetryMaxMs ?? UNREACHABLE_RETRY_MAX_MS;

  let status: SyncStatus = INITIAL_SYNC_STATUS;
  const listeners = new Set<(status: SyncStatus) => void>();
  let running: Promise<SyncRoundResult> | null = null;
  let again = false;
  /** The outbox's highest seq when the last round began its push: an entry above it may have missed it. */
  let pushedUpTo = 0;
  let paused = false;
  let failures = 0;
  let lastError: string | null = null;
  /**
   * The last round could not reach the server at all (no answer: no connection, a reset). The device is offline
   * as far as sync can tell, whatever navigator.onLine says: right after a reload offline, Chromium can report
   * onLine true while every request fails, and a server nobody can reach is offline to this device too.
   */
  let unreachable = false;
  // Summaries, not the queues themselves: see queue-summary.ts.
  let outbox: QueueSummary<OutboxEntry> = EMPTY_QUEUE;
  let uploads: QueueSummary<UploadEntry> = EMPTY_QUEUE;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerDueAt = 0;
  let retryAt: number | null = null;
  let started = false;
  let outboxSubscription: Subscription | null = null;
  /** Aborts the round in flight: going offline or stopping must not leave it waiting on a dead connection. */
  let roundAbort: AbortController | null = null;
  /** Aborts a wait for another tab's round to end (runExclusive), for the same reasons. */
  let lockWait: AbortController | null = null;
  let uploadsSubscription: Subscription | null = null;
  let conflictsSubscription: Subscription | null = null;
  let conflicts = 0;
  let firstSync: PullProgress | null = null;
  /** How many quick retries (RECONNECT_RETRY_MS) this reconnect has used; null when not just reconnected. */
  let reconnectRetries: number | null = null;
  /** The pause before the quick retry the last failed round asked for, or null (see recordFailure). */
  let quickRetryMs: number | null = null;
  /** `online` arrived during a round: that round began on the old connection, so another one follows it. */
  let wokeDuringRound = false;
  let stopped = false;
  /**
   * The outbox or the upload queue changed and no summary read since has seen it. Until one has, the status never
   * says "All changes synced": a save commits, the list shows the note at once, and the queues' live queries
   * answer a moment later. Read in that moment, the old "All changes synced" was a promise the push had not kept.
   */
  let queuesUnread = false;
  /** Counts queue changes, so a summary read that began before the latest one does not clear `queuesUnread`. */
  let queueChanges = 0;
  const queueParts = [`idb://${db.name}/outbox/`, `idb://${db.name}/uploads/`];
  const cleanups: Array<() => void> = [];

  function publish(kind?: SyncStatus['kind']): void {
    status = composeSyncStatus(
      {
        // A round that reached nothing says offline, whatever navigator.onLine claims (see `unreachable`).
        online: isOnline() && !unreachable,
        paused,
        running: running !== null,
        outbox,
        uploads,
        lastError,
        lastSyncedAt: status.lastSyncedAt,
        retryAt,
        conflicts,
        firstSync,
        queuesUnread,
      },
      // While the server cannot be reached, a round under way (a retry, or one a queue change started) still
      // says "Offline" until it gets through, rather than flashing "Syncing...".
      kind === 'syncing' && unreachable ? undefined : kind,
    );
    for (const listener of listeners) listener(status);
  }

  async function refreshQueues(): Promise<void> {
    const mark = queueChanges;
    outbox = await readQueueSummary(db, db.outbox);
    uploads = await readQueueSummary(db, db.uploads);
    conflicts = (await listOpenConflicts(db)).length;
    if (mark === queueChanges) queuesUnread = false;
  }

  /**
   * Dexie's notice of a committed write, in this tab or another: fired as the transaction completes, before the
   * code that wrote it (a save, whose note the list then shows) goes on. A write to a queue makes the status
   * provisional at once (see `queuesUnread`) and reads the queues again.
   */
  function onStorageMutated(parts: ObservabilitySet): void {
    if (!started || !Object.keys(parts).some((part) => queueParts.some((prefix) => part.startsWith(prefix))))
      return;
    const mark = ++queueChanges;
    queuesUnread = true;
    publish(running ? 'syncing' : undefined);
    void Promise.all([readQueueSummary(db, db.outbox), readQueueSummary(db, db.uploads)]).then(
      ([outboxNow, uploadsNow]) => {
        // A later change is being read by its own notice; stopped: nothing left to show.
        if (mark !== queueChanges || !started) return;
        queuesUnread = false;
        onUploadsChange(uploadsNow);
        onOutboxChange(outboxNow);
      },
      () => {},
    );
  }

  /** Run `fn` at most `delay` ms from now; an earlier schedule wins. */
  function schedule(delay: number): void {
    if (!started) return;
    const due = Date.now() + delay;
    if (timer && timerDueAt <= due) return;
    if (timer) clearTimeout(timer);
    timerDueAt = due;
    timer = setTimeout(() => {
      timer = null;
      void syncNow();
    }, delay);
  }

  async function round(): Promise<SyncRoundResult> {
    const abort = new AbortController();
    roundAbort = abort;
    try {
      await runSyncRound({
        db,
        request: (method, path, body) => request(method, path, body, abort.signal),
        bytesRequest,
        now,
        pageSize: options.pageSize,
        signal: abort.signal,
        earlyFeedWaitMs: options.timeoutMs,
        onFirstSync(progress) {
          // A page arrived (the first call, before any request, carries nothing): the server is reachable.
          if (progress && (progress.received > 0 || progress.total !== null)) unreachable = false;
          firstSync = progress;
          publish('syncing');
        },
        async onPushStart() {
          pushedUpTo = Number((await db.outbox.orderBy('seq').lastKey()) ?? 0);
        },
      });
      failures = 0;
      lastError = null;
      unreachable = false;
      retryAt = null;
      status = { ...status, lastSyncedAt: now().toISOString() };
      return 'synced';
    } catch (error) {
      if (error instanceof UnauthorizedSyncError) {
        paused = true;
        return 'unauthorized';
      }
      lastError = error instanceof Error ? error.message : String(error);
      if (error instanceof UnreachableSyncError && reconnectRetries !== null) {
        const pause = RECONNECT_RETRY_MS[reconnectRetries];
        if (pause !== undefined) {
          // syncNow tries again after the pause, within this same call; the backoff waits until that fails.
          reconnectRetries++;
          quickRetryMs = pause;
          return 'failed';
        }
      }
      // The server answered (a 5xx), or the quick retries are used up: the network is what it is now (during the
      // quick retries the round still says "Syncing...").
      unreachable = error instanceof UnreachableSyncError;
      reconnectRetries = null;
      scheduleBackoff();
      return 'failed';
    } finally {
      if (roundAbort === abort) roundAbort = null;
    }
  }

  function scheduleBackoff(): void {
    failures++;
    let delay = backoffDelay(failures, options.random);
    // No `online` event will end an outage the browser never noticed (navigator.onLine stayed true): look again
    // often enough that sync resumes within seconds of the connection coming back.
    if (unreachable && isOnline()) delay = Math.min(delay, unreachableRetryMaxMs);
    retryAt = Date.now() + delay;
    schedule(delay);
  }

  async function runExclusive(): Promise<SyncRoundResult> {
    if (!locks) return round();
    // ifAvailable: when another tab holds the lock it is already syncing this database; skip rather than queue.
    const result = await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
      lock ? round() : 'busy',
    );
    if (result !== 'busy' || lastError === null) return result;
    // This tab's own last round failed, and another tab is syncing now. Skipping would leave this tab saying
    // "Sync failed" however well that tab's round goes (the queue it shows empties, the failure stays): it waits
    // for that round to end and runs one of its own, which says how things stand now. Going offline or stopping
    // ends the wait.
    const wait = new AbortController();
    lockWait = wait;
    try {
      return await locks.request(LOCK_NAME, { signal: wait.signal }, () =>
        stopped || !isOnline() ? 'busy' : round(),
      );
    } catch (error) {
      if (wait.signal.aborted) return 'busy';
      throw error;
    } finally {
      if (lockWait === wait) lockWait = null;
    }
  }

  function syncNow(): Promise<SyncRoundResult> {
    if (!isOnline()) {
      publish();
      return Promise.resolve('offline');
    }
    if (paused) {
      publish();
      return Promise.resolve('unauthorized');
    }
    if (running) {
      again = true;
      return running;
    }
    const current = (async () => {
      let result: SyncRoundResult = 'busy';
      try {
        for (;;) {
          again = false;
          wokeDuringRound = false;
          quickRetryMs = null;
          result = await runExclusive();
          if (result === 'synced') {
            reconnectRetries = null;
            if (again) continue;
            break;
          }
          if (result !== 'failed') break;
          // A round that began before the device came back online failed on the old connection.
          if (wokeDuringRound && isOnline() && !stopped) continue;
          const pause = quickRetryMs as number | null;
          if (pause === null) break;
          await new Promise((resolve) => setTimeout(resolve, pause));
          if (isOnline() && !stopped && !paused) continue;
          // Gone offline or stopped meanwhile: the failure stands, with the usual backoff.
          scheduleBackoff();
          break;
        }
      } finally {
        running = null;
        // Stopped (and its database closed) meanwhile: nothing left to show.
        await refreshQueues().catch(() => {});
        publish();
      }
      // A change queued after this round read the outbox, whose own notice (the outbox's live query) came
      // after the queues were read again just above, looks to that notice like nothing new: without this it
      // would wait for the next periodic round, a minute away.
      if (result === 'synced' && readyCount(outbox) > 0 && (outbox.lastSeq ?? 0) > pushedUpTo)
        schedule(debounceMs);
      return result;
    })();
    running = current;
    publish('syncing');
    return current;
  }

  /**
   * A change queued, removed, refused or retried (an edit of a note already queued bumps its entry's rev only;
   * that entry is ready already, so a push is on its way or the round in flight sends it again).
   */
  function onOutboxChange(summary: QueueSummary<OutboxEntry>): void {
    const before = outbox;
    outbox = summary;
    publish(running ? 'syncing' : undefined);
    const changed = queueSignature(summary) !== queueSignature(before);
    if (changed && readyCount(summary) > 0 && !paused)
      schedule(Math.max(debounceMs, retryAt ? retryAt - Date.now() : 0));
  }

  /** A file queued (a higher seq) or a refused one retried (more ready than before). */
  function onUploadsChange(summary: QueueSummary<UploadEntry>): void {
    const before = uploads;
    uploads = summary;
    publish(running ? 'syncing' : undefined);
    const added = (summary.lastSeq ?? 0) > (before.lastSeq ?? 0) || readyCount(summary) > readyCount(before);
    if (added && readyCount(summary) > 0 && !paused)
      schedule(Math.max(debounceMs, retryAt ? retryAt - Date.now() : 0));
  }

  function onWake(): void {
    // A reconnect or a returning user deserves a fresh attempt, not the rest of a long backoff.
    failures = 0;
    retryAt = null;
    if (running) wokeDuringRound = true;
    void syncNow();
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopped = false;
      Dexie.on.storagemutated.subscribe(onStorageMutated);
      cleanups.push(() => Dexie.on.storagemutated.unsubscribe(onStorageMutated));
      outboxSubscription = liveQuery(() => readQueueSummary(db, db.outbox)).subscribe({
        next: onOutboxChange,
        error: () => {},
      });
      uploadsSubscription = liveQuery(() => readQueueSummary(db, db.uploads)).subscribe({
        next: onUploadsChange,
        error: () => {},
      });
      // The conflicts with the outbox, read together: resolving one deletes its row and queues the resolution in
      // one transaction, and read apart the count could drop before the queue grew, saying "All changes
      // synced" for a moment before the resolution was sent.
      conflictsSubscription = liveQuery(() =>
        db.transaction('r', [db.conflicts, db.notes, db.outbox], async () => ({
          count: (await listOpenConflicts(db)).length,
          outbox: await readQueueSummary(db, db.outbox),
        })),
      ).subscribe({
        next: ({ count, outbox: summary }) => {
          conflicts = count;
          onOutboxChange(summary);
        },
        error: () => {},
      });
      const network =
        options.networkEvents !== undefined
          ? options.networkEvents
          : typeof window !== 'undefined'
            ? window
            : null;
      cleanups.push(
        watchSyncTriggers({
          network,
          page: typeof document !== 'undefined' ? document : null,
          live: options.live ?? null,
          periodMs,
          onOnline() {
            reconnectRetries = 0;
            unreachable = false;
            // A round still in flight began before this connection: its requests may wait on a link that is
            // gone until their deadline. It ends now and a fresh round follows it (onWake).
            roundAbort?.abort();
            onWake();
          },
          onOffline() {
            reconnectRetries = null;
            roundAbort?.abort();
            lockWait?.abort();
            publish();
          },
          onVisible() {
            paused = false;
            onWake();
          },
          // Another device's change: pull now (joining, or following, a round already running).
          onRemoteChange: () => void syncNow(),
          onPeriod() {
            if (isOnline() && !running) void syncNow();
          },
        }),
      );
      void syncNow();
    },
    stop() {
      started = false;
      stopped = true;
      roundAbort?.abort();
      lockWait?.abort();
      outboxSubscription?.unsubscribe();
      outboxSubscription = null;
      uploadsSubscription?.unsubscribe();
      uploadsSubscription = null;
      conflictsSubscription?.unsubscribe();
      conflictsSubscription = null;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
    syncNow,
    resume() {
      paused = false;
      failures = 0;
      retryAt = null;
      return syncNow();
    },
    getStatus: () => status,
    async fetchAttachments(hashes) {
      if (hashes.length === 0 || !isOnline() || paused) return 0;
      try {
        return await fetchAttachments(db, bytesRequest, hashes);
      } catch {
        return 0; // unreachable now: the note shows what it has, and the next opening tries again
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
  };
}
