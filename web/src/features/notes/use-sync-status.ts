// React view of the sync engine's status (offline, syncing, synced, N waiting, errors with details). The
// engine loads after the screen's first paint (load-app-sync.ts); until then the status is its initial one.
import { useSyncExternalStore } from 'react';
import { loadAppSync, loadedSyncEngine } from '../../sync/load-app-sync.ts';
import { INITIAL_SYNC_STATUS, type SyncStatus } from '../../sync/sync-status.ts';
import { afterFirstScreen } from '../../ui/after-first-screen.ts';

/**
 * The engine's code could not be fetched (the connection dropped before the service worker had the app): the
 * device is offline as far as syncing goes, and says so rather than "Checking for changes..." until it loads.
 */
const ENGINE_UNREACHABLE: SyncStatus = { ...INITIAL_SYNC_STATUS, kind: 'offline' };
let engineUnreachable = false;

function subscribe(onChange: () => void): () => void {
  let unsubscribe: (() => void) | null = null;
  let active = true;
  const load = () =>
    void loadAppSync()
      .then(({ syncEngine }) => {
        engineUnreachable = false;
        if (!active) return;
        unsubscribe = syncEngine.subscribe(onChange);
        onChange();
      })
      // Not loaded (offline before the service worker had the app): again once back online.
      .catch(() => {
        engineUnreachable = true;
        if (active) onChange();
        window.addEventListener('online', load, { once: true });
      });
  // The engine's code (with the sync client's schemas) is parsed after the first screen is painted, not before.
  const cancelLoad = afterFirstScreen(load);
  return () => {
    active = false;
    cancelLoad();
    window.removeEventListener('online', load);
    unsubscribe?.();
  };
}

const getSnapshot = (): SyncStatus =>
  loadedSyncEngine()?.getStatus() ?? (engineUnreachable ? ENGINE_UNREACHABLE : INITIAL_SYNC_STATUS);

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
