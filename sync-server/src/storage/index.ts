// The storage module's public surface: everything else imports from here.

export { LOCK_FILE } from './dir-lock.ts';
export { DurableJsonFile } from './durable-json-file.ts';
export type { IndexDefinitions } from './indexes.ts';
export { ReadView } from './read-view.ts';
export * from './records.ts';
export type { Snapshot } from './state.ts';
export { StoreConstraintError } from './state.ts';
export { JOURNAL_FILE, SNAPSHOT_FILE, Store, type StoreOptions } from './store.ts';
export { WriteTx } from './write-tx.ts';
