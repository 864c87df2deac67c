// The app's sync engine (app-sync.ts), loaded on demand: the notes screen shows from the local database
// first, and the engine, with the server's schemas it checks answers against, loads right after the first
// paint. Screens that only show the sync status read it through here.
import type { SyncEngine } from './sync-engine.ts';

type AppSync = typeof import('./app-sync.ts');

let loading: Promise<AppSync> | null = null;
let loaded: SyncEngine | null = null;

/** Loads app-sync.ts once; a failed load (offline, not cached yet) is tried again by the next call. */
export function loadAppSync(): Promise<AppSync> {
  loading ??= import('./app-sync.ts').then(
    (appSync) => {
      loaded = appSync.syncEngine;
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
