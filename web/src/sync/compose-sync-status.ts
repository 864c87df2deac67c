// The engine's state as the SyncStatus screens show: what kind (offline, sign in again, syncing, error,
// pending, synced), what waits, what was refused and why.
import type { OutboxEntry, UploadEntry } from '../db/types.ts';
import type { PullProgress } from './pull-changes.ts';
import type { QueueSummary } from './queue-summary.ts';
import { SIGN_IN_AGAIN, type SyncStatus } from './sync-status.ts';

export interface EngineState {
  online: boolean;
  paused: boolean;
  running: boolean;
  outbox: QueueSummary<OutboxEntry>;
  uploads: QueueSummary<UploadEntry>;
  lastError: string | null;
  lastSyncedAt: string | null;
  retryAt: number | null;
  conflicts: number;
  firstSync: PullProgress | null;
  /** A queue changed and has not been read since: it may hold a change, so it is not "synced" yet. */
  queuesUnread?: boolean;
}

/** `kind`: forced (a round under way says 'syncing' before `running` is set); else derived. */
export function composeSyncStatus(state: EngineState, kind?: SyncStatus['kind']): SyncStatus {
  const { outbox, uploads } = state;
  const failed = outbox.refused.flatMap((entry) =>
    entry.error ? [{ noteId: entry.noteId, op: entry.op, error: entry.error }] : [],
  );
  const refusedUploads = uploads.refused.flatMap((entry) =>
    entry.error ? [{ sha256: entry.sha256, name: entry.name, error: entry.error }] : [],
  );
  const uploadsPending = uploads.count - refusedUploads.length;
  const computed: SyncStatus['kind'] =
    kind ??
    (!state.online
      ? 'offline'
      : state.paused
        ? 'unauthorized'
        : state.running
          ? 'syncing'
          : failed.length > 0 || refusedUploads.length > 0 || state.lastError
            ? 'error'
            : outbox.count > 0 || uploadsPending > 0 || state.queuesUnread
              ? 'pending'
              : 'synced');
  return {
    kind: computed,
    pending: outbox.count,
    failed,
    uploadsPending,
    refusedUploads,
    message: state.paused ? SIGN_IN_AGAIN : state.lastError,
    lastSyncedAt: state.lastSyncedAt,
    retryAt: state.retryAt === null ? null : new Date(state.retryAt).toISOString(),
    conflicts: state.conflicts,
    firstSync: state.firstSync,
  };
}
