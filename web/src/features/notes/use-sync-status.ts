// React view of the sync engine's status (offline, syncing, synced, N waiting, errors with details).
import { useSyncExternalStore } from 'react';
import { syncEngine } from '../../sync/app-sync.ts';
import type { SyncStatus } from '../../sync/sync-status.ts';

const subscribe = (onChange: () => void) => syncEngine.subscribe(onChange);
const getSnapshot = (): SyncStatus => syncEngine.getStatus();

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
