// The storage module's public surface: everything else imports from here.
export type { IndexDefinitions } from './indexes.ts';
export { ReadView } from './read-view.ts';
export * from './records.ts';
export { StoreConstraintError } from './state.ts';
export { JOURNAL_FILE, SNAPSHOT_FILE, StorageUnavailableError, Store, type StoreOptions } from './store.ts';
export { WriteTx } from './write-tx.ts';
