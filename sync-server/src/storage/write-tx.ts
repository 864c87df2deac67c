// One write transaction: ops are applied to memory at once (later reads in the same transaction see them)
// and collected for a single journal record; if the transaction throws, they are undone.
import type { CommitAuthor } from './commit-author.ts';
import type { Op, StoredRecord } from './ops.ts';
import { ReadView } from './read-view.ts';
import type { CollectionName, CollectionTypes } from './records.ts';
import type { State } from './state.ts';

type New<T> = Omit<T, 'id'> & { id?: number };
type Patch<T> = Partial<Omit<T, 'id'>>;

export class WriteTx extends ReadView {
  /** This transaction's sequence number; use it to order changes (e.g. the notes changes feed). */
  readonly seq: number;
  readonly ops: Op[] = [];
  /** The route that made it, when one said so (commit-author.ts). */
  readonly author: CommitAuthor | undefined;
  readonly #undo: (() => void)[] = [];

  constructor(state: State, seq: number, author?: CommitAuthor) {
    super(state);
    this.seq = seq;
    this.author = author;
  }

  /** Inserts a record; without an `id` the next id of the collection is used. Fails if the id exists. */
  insert<C extends CollectionName>(collection: C, record: New<CollectionTypes[C]>): CollectionTypes[C] {
    const id = record.id ?? (this.state.counters.get(collection) ?? 0) + 1;
    if (this.get(collection, id)) throw new Error(`${collection} #${id} already exists`);
    return this.#apply(
      { o: 'put', c: collection, r: { ...stripUndefined(record), id } as StoredRecord },
      collection,
      id,
    );
  }

  /** Inserts or replaces a whole record. */
  put<C extends CollectionName>(collection: C, record: CollectionTypes[C]): CollectionTypes[C] {
    const r = stripUndefined(record as unknown as StoredRecord) as StoredRecord;
    return this.#apply({ o: 'put', c: collection, r }, collection, r.id);
  }

  /**
   * Merges fields into an existing record (undefined fields are left as they are). Fails if it is missing.
   * `silent`: a change no cached rendering waits for (a view counter): stored and journaled like any other,
   * but the collection's version (ReadView.versionOf) does not move, so cached pages and answers stay.
   */
  update<C extends CollectionName>(
    collection: C,
    id: number,
    patch: Patch<CollectionTypes[C]>,
    options: { silent?: boolean } = {},
  ): CollectionTypes[C] {
    if (!this.get(collection, id)) throw new Error(`${collection} #${id} does not exist`);
    this.#record({ o: 'patch', c: collection, id, p: stripUndefined(patch) }, options.silent);
    return this.get(collection, id)!;
  }

  /** Removes a record; returns whether it existed. */
  remove(collection: CollectionName, id: number): boolean {
    if (!this.get(collection, id)) return false;
    this.#record({ o: 'del', c: collection, id });
    return true;
  }

  /** Reserves the next id of a collection without inserting. */
  nextId(collection: CollectionName): number {
    const v = (this.state.counters.get(collection) ?? 0) + 1;
    this.#record({ o: 'ctr', c: collection, v });
    return v;
  }

  /** Sets a meta value (JSON-serialisable); `undefined` deletes it. */
  setMeta(key: string, value: unknown): void {
    this.#record(value === undefined ? { o: 'meta', k: key } : { o: 'meta', k: key, v: value });
  }

  /** Reverts every op of this transaction, newest first. */
  rollback(): void {
    this.rollbackTo(0);
  }

  /**
   * A point to come back to with rollbackTo: the part of a transaction after it can be undone alone, so one
   * refused change of a batch leaves the others in the same transaction (see note-batch-service.ts).
   */
  savepoint(): number {
    return this.ops.length;
  }

  /** Reverts the ops recorded since `savepoint`, newest first; earlier ones stay. */
  rollbackTo(savepoint: number): void {
    for (let i = this.#undo.length - 1; i >= savepoint; i--) this.#undo[i]!();
    this.#undo.length = savepoint;
    this.ops.length = savepoint;
  }

  #apply<C extends CollectionName>(op: Op, collection: C, id: number): CollectionTypes[C] {
    this.#record(op);
    return this.get(collection, id)!;
  }

  #record(op: Op, silent = false): void {
    this.#undo.push(this.state.apply(op, silent));
    this.ops.push(op);
  }
}

function stripUndefined<T extends object>(value: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v;
  return out;
}
