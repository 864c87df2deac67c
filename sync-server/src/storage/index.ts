// The storage module's public surface: everything else imports from here.

import { EmbeddedStore } from './store.ts';
import type { Store as StoreApi } from './store-api.ts';

export { LOCK_FILE } from './dir-lock.ts';
export { DurableJsonFile } from './durable-json-file.ts';
export type { IndexDefinitions } from './indexes.ts';
export { openStore } from './open-store.ts';
export { PostgresStore, type PostgresStoreOptions } from './postgres/postgres-store.ts';
export { ReadView } from './read-view.ts';
export * from './records.ts';
export { SnapshotFile } from './snapshot-file.ts';
export type { Snapshot } from './state.ts';
export { StoreConstraintError } from './state.ts';
export {
  EmbeddedStore,
  JOURNAL_FILE,
  SNAPSHOT_FILE,
  StorageUnavailableError,
  type StoreOptions,
} from './store.ts';
export type { Claim } from './store-api.ts';
export { StoreUnavailableError } from './store-unavailable-error.ts';
export { WriteTx } from './write-tx.ts';

/** `Store.open(dir)` keeps opening the embedded store, as before the seam had two implementations. */
export const Store = EmbeddedStore;
/** The seam every service uses (store-api.ts), whichever store runs. */
export type Store = StoreApi;
