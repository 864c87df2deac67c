// The app's sync engine (app-sync.ts), loaded on demand: the notes screen shows from the local database
// first, and the engine, with the server's schemas it checks answers against, loads right after the first
// paint. Screens that only show the sync status read it through here.
import type { SyncEngine } from './sync-engine.ts';

type AppSync = typeof import('./app-sync.ts');

let loading: Promise<AppSync> | null = null;
let loaded: SyncEngine | null = null;
let markLoaded: () => void = () => {};
const loadedOnce = new Promise<void>((resolve) => {
  markLoaded = resolve;
});

/** Loads app-sync.ts once; a failed load (offline, not cached yet) is tried again by the next call. */
export function loadAppSync(): Promise<AppSync> {
  loading ??= import('./app-sync.ts').then(
    (appSync) => {
      loaded = appSync.syncEngine;
      markLoaded();
      return appSync;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The engine once loaded, else null. */
export function loadedSyncEngine(): SyncEngine | null {
  return loaded;
}

/**
 * Resolves once the engine has loaded (without loading it): work that can wait, such as the study cards' sync
 * and the study screens' code, starts then rather than ahead of a new device's first notes.
 */
export function appSyncLoaded(): Promise<void> {
  return loadedOnce;
}
