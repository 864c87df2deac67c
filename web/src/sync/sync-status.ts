// What the engine reports to the screens: one status object, replaced (never mutated) on every change.
export type SyncStatusKind = 'offline' | 'syncing' | 'synced' | 'pending' | 'error' | 'unauthorized';

/** A change the server refused, kept in the outbox and shown with the server's reason. */
export interface FailedChange {
  noteId: string;
  op: 'create' | 'update' | 'delete';
  error: string;
}

export interface SyncStatus {
  kind: SyncStatusKind;
  /** Changes waiting in the outbox (refused ones included: they are not synced). */
  pending: number;
  failed: FailedChange[];
  /** Why the last round stopped (network, server error, session), or null. */
  message: string | null;
  lastSyncedAt: string | null;
  /** When the next automatic retry is due after a failure, or null. */
  retryAt: string | null;
}

export const INITIAL_SYNC_STATUS: SyncStatus = {
  kind: 'pending',
  pending: 0,
  failed: [],
  message: null,
  lastSyncedAt: null,
  retryAt: null,
};

export const SIGN_IN_AGAIN = 'Your session has ended. Sign in again to sync your changes.';

/** Short words for the status line; the notes screen shows these. */
export function describeSyncStatus(status: SyncStatus): string {
  const waiting = status.pending === 1 ? '1 change waiting' : `${status.pending} changes waiting`;
  switch (status.kind) {
    case 'offline':
      return status.pending > 0 ? `Offline · ${waiting}` : 'Offline';
    case 'syncing':
      return 'Syncing...';
    case 'unauthorized':
      return 'Sign in again to sync';
    case 'error':
      return status.failed.length > 0
        ? `${status.failed.length === 1 ? '1 change' : `${status.failed.length} changes`} not synced`
        : `Sync failed · ${waiting}`;
    case 'pending':
      return waiting;
    case 'synced':
      return 'All changes synced';
  }
}
