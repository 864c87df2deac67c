// The operations a write transaction records in the journal; replay applies them in the same order.
import type { CollectionName } from './records.ts';

export type StoredRecord = { id: number } & Record<string, unknown>;

export type Op =
  /** Put a whole record (insert or replace). */
  | { o: 'put'; c: CollectionName; r: StoredRecord }
  /** Merge fields into an existing record. */
  | { o: 'patch'; c: CollectionName; id: number; p: Record<string, unknown> }
  | { o: 'del'; c: CollectionName; id: number }
  /** Set (or, with v absent, delete) a meta value. */
  | { o: 'meta'; k: string; v?: unknown }
  /** Move a collection's id counter forward (ids handed out without an insert). */
  | { o: 'ctr'; c: CollectionName; v: number };
