// What the engine reports to the screens: one status object, replaced (never mutated) on every change.
import type { PullProgress } from './sync-cursor.ts';

export type SyncStatusKind = 'offline' | 'syncing' | 'synced' | 'pending' | 'error' | 'unauthorized';

/** A change the server refused, kept in the outbox and shown with the server's reason. */
export interface FailedChange {
  noteId: string;
  op: 'create' | 'update' | 'delete';
  error: string;
}

/** A file the server refused (too large, over quota), kept in the upload queue with the reason. */
export interface RefusedUpload {
  sha256: string;
  name: string;
  error: string;
}

export interface SyncStatus {
  kind: SyncStatusKind;
  /** Changes waiting in the outbox (refused ones included: they are not synced). */
  pending: number;
  failed: FailedChange[];
  /** Attachment files waiting to be uploaded (refused ones not counted: they wait for the owner). */
  uploadsPending: number;
  refusedUploads: RefusedUpload[];
  /** Why the last round stopped (network, server error, session), or null. */
  message: string | null;
  lastSyncedAt: string | null;
  /** When the next automatic retry is due after a failure, or null. */
  retryAt: string | null;
  /** Edits that could not merge, kept as conflicted copies the owner has not compared yet. */
  conflicts: number;
  /** While a device's first sync pulls the notes: how many are stored, of how many. Null otherwise. */
  firstSync: PullProgress | null;
}

export const INITIAL_SYNC_STATUS: SyncStatus = {
  kind: 'pending',
  pending: 0,
  failed: [],
  uploadsPending: 0,
  refusedUploads: [],
  message: null,
  lastSyncedAt: null,
  retryAt: null,
  conflicts: 0,
  firstSync: null,
};

export const SIGN_IN_AGAIN = 'Your session has ended. Sign in again to sync your changes.';

export function conflictsLabel(count: number): string {
  return count === 1 ? '1 conflict' : `${count} conflicts`;
}

/** Short words for the status line; the notes screen shows these. Open conflicts are always named. */
export function describeSyncStatus(status: SyncStatus): string {
  const label = describeQueues(status);
  if (status.conflicts === 0 || status.kind === 'syncing' || status.kind === 'unauthorized') return label;
  if (status.kind === 'synced') return conflictsLabel(status.conflicts);
  return `${label} · ${conflictsLabel(status.conflicts)}`;
}

function describeQueues(status: SyncStatus): string {
  const changes = status.pending === 1 ? '1 change waiting' : `${status.pending} changes waiting`;
  const files = status.uploadsPending === 1 ? '1 file to upload' : `${status.uploadsPending} files to upload`;
  // Notes first; files are mentioned only when some wait, so a notes-only status reads as before.
  const waiting =
    status.uploadsPending > 0 ? (status.pending > 0 ? `${changes} · ${files}` : files) : changes;
  const anything = status.pending > 0 || status.uploadsPending > 0;
  const refused =
    status.refusedUploads.length === 1
      ? '1 file not uploaded'
      : `${status.refusedUploads.length} files not uploaded`;
  switch (status.kind) {
    case 'offline':
      return anything ? `Offline · ${waiting}` : 'Offline';
    case 'syncing':
      return 'Syncing...';
    case 'unauthorized':
      return 'Sign in again to sync';
    case 'error': {
      const notSynced =
        status.failed.length > 0
          ? `${status.failed.length === 1 ? '1 change' : `${status.failed.length} changes`} not synced`
          : null;
      const parts = [notSynced, status.refusedUploads.length > 0 ? refused : null].filter(Boolean);
      return parts.length > 0 ? parts.join(' · ') : `Sync failed · ${waiting}`;
    }
    case 'pending':
      // Nothing waiting: the engine has not reported yet (the page just opened). "0 changes waiting" in
      // orange flashed at every load.
      return anything ? waiting : 'Checking for changes...';
    case 'synced':
      return 'All changes synced';
  }
}

/** What the notes screen says while a first sync brings the notes: "Loading your notes… 4,000 of 10,000". */
export function describeFirstSync(progress: PullProgress | null): string {
  if (!progress || progress.total === null) return 'Loading your notes…';
  const count = (n: number) => n.toLocaleString('en-US');
  // A note changed on the server meanwhile can arrive twice: never more than all of them.
  const received = Math.min(progress.received, progress.total);
  return `Loading your notes… ${count(received)} of ${count(progress.total)}`;
}
