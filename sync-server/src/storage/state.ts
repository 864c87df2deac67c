// The store's in-memory data: one Map per collection, unique indexes, id counters, meta and the sequence.
import { INDEXES, SEQ_INDEXES } from './indexes.ts';
import type { Op, StoredRecord } from './ops.ts';
import { COLLECTION_NAMES, type CollectionName } from './records.ts';
import { SeqIndex } from './seq-index.ts';

/** The snapshot file's shape (data.json). */
export interface Snapshot {
  format: 1;
  /** Sequence of the last transaction contained; journal records at or below it are skipped on replay. */
  seq: number;
  counters: Partial<Record<CollectionName, number>>;
  meta: Record<string, unknown>;
  collections: Partial<Record<CollectionName, StoredRecord[]>>;
}

export function emptySnapshot(): Snapshot {
  return { format: 1, seq: 0, counters: {}, meta: {}, collections: {} };
}

export class StoreConstraintError extends Error {
  override name = 'StoreConstraintError';
}

type KeyFn = (record: StoredRecord) => string | null;

export class State {
  seq = 0;
  readonly tables = new Map<CollectionName, Map<number, StoredRecord>>();
  readonly counters = new Map<CollectionName, number>();
  readonly meta = new Map<string, unknown>();
  /** `${collection}.${index}` → key → id */
  readonly indexes = new Map<string, Map<string, number>>();
  readonly #indexFns = new Map<CollectionName, [string, KeyFn][]>();
  /** `${collection}.${index}` → the ordered index by change sequence (indexes.ts SEQ_INDEXES) */
  readonly seqIndexes = new Map<string, SeqIndex>();
  readonly #seqIndexFns = new Map<CollectionName, [SeqIndex, KeyFn][]>();
  /**
   * Collection → number of the last content change applied to it (see versionOf), with the table it was
   * counted for: a table replaced wholesale (a full reload) gets a new number on the next look.
   */
  readonly #versions = new Map<CollectionName, { table: Map<number, StoredRecord>; version: number }>();
  #changes = 0;

  constructor() {
    for (const name of COLLECTION_NAMES) {
      this.tables.set(name, new Map());
      this.counters.set(name, 0);
      const defs = Object.entries((INDEXES[name] ?? {}) as Record<string, KeyFn>);
      this.#indexFns.set(name, defs);
      for (const [index] of defs) this.indexes.set(`${name}.${index}`, new Map());
      const seqDefs = Object.entries(
        ((SEQ_INDEXES as Partial<Record<CollectionName, unknown>>)[name] ?? {}) as Record<string, KeyFn>,
      );
      this.#seqIndexFns.set(
        name,
        seqDefs.map(([index, keyOf]) => {
          const seqIndex = new SeqIndex();
          this.seqIndexes.set(`${name}.${index}`, seqIndex);
          return [seqIndex, keyOf];
        }),
      );
    }
  }

  static fromSnapshot(snapshot: Snapshot): State {
    const state = new State();
    state.seq = snapshot.seq;
    for (const [k, v] of Object.entries(snapshot.meta)) state.meta.set(k, v);
    for (const name of COLLECTION_NAMES) {
      state.counters.set(name, snapshot.counters[name] ?? 0);
      for (const record of snapshot.collections[name] ?? []) state.apply({ o: 'put', c: name, r: record });
    }
    return state;
  }

  /** Takes over another state's data (a full reload), keeping this object, which views hold on to. */
  replaceWith(other: State): void {
    this.seq = other.seq;
    for (const [name, table] of other.tables) this.tables.set(name, table);
    for (const [name, value] of other.counters) this.counters.set(name, value);
    this.meta.clear();
    for (const [key, value] of other.meta) this.meta.set(key, value);
    for (const [key, map] of other.indexes) this.indexes.set(key, map);
    for (const [name, defs] of other.#seqIndexFns) this.#seqIndexFns.set(name, defs);
    for (const [key, seqIndex] of other.seqIndexes) this.seqIndexes.set(key, seqIndex);
  }

  toSnapshot(): Snapshot {
    const snapshot = emptySnapshot();
    snapshot.seq = this.seq;
    snapshot.meta = Object.fromEntries(this.meta);
    for (const name of COLLECTION_NAMES) {
      snapshot.counters[name] = this.counters.get(name) ?? 0;
      snapshot.collections[name] = [...this.table(name).values()];
    }
    return snapshot;
  }

  table(name: CollectionName): Map<number, StoredRecord> {
    const table = this.tables.get(name);
    if (!table) throw new Error(`Unknown collection "${name}"`);
    return table;
  }

  /** The latest content change of any of `collections` (0 before any): see ReadView.versionOf. */
  versionOf(collections: readonly CollectionName[]): number {
    let latest = 0;
    for (const collection of collections) {
      const table = this.table(collection);
      let entry = this.#versions.get(collection);
      if (entry?.table !== table) {
        entry = { table, version: ++this.#changes };
        this.#versions.set(collection, entry);
      }
      latest = Math.max(latest, entry.version);
    }
    return latest;
  }

  seqIndex(name: CollectionName, index: string): SeqIndex {
    const seqIndex = this.seqIndexes.get(`${name}.${index}`);
    if (!seqIndex) throw new Error(`Unknown sequence index "${name}.${index}"`);
    return seqIndex;
  }

  lookup(name: CollectionName, index: string, key: string): StoredRecord | undefined {
    const map = this.indexes.get(`${name}.${index}`);
    if (!map) throw new Error(`Unknown index "${name}.${index}"`);
    const id = map.get(key);
    return id === undefined ? undefined : this.table(name).get(id);
  }

  /** Applies one op and returns the function that undoes it (used when a transaction throws). */
  /**
   * Applies one op and returns its undo. Every op that changes a collection's records moves that
   * collection's version, whoever made it (this process or, replayed, another instance), unless `silent`
   * (a statistic such as a view count, see WriteTx.update). An undo leaves the version moved: a cache
   * rebuilt once too often is harmless, one kept too long is not.
   */
  apply(op: Op, silent = false): () => void {
    if (!silent && op.o !== 'meta' && op.o !== 'ctr')
      this.#versions.set(op.c, { table: this.table(op.c), version: ++this.#changes });
    switch (op.o) {
      case 'put':
        return this.#put(op.c, freezeRecord(op.r));
      case 'patch': {
        const existing = this.table(op.c).get(op.id);
        if (!existing) throw new StoreConstraintError(`${op.c} #${op.id} does not exist`);
        return this.#put(op.c, freezeRecord({ ...existing, ...op.p, id: op.id }));
      }
      case 'del': {
        const existing = this.table(op.c).get(op.id);
        if (!existing) return () => {};
        this.#unindex(op.c, existing);
        this.table(op.c).delete(op.id);
        return () => {
          this.table(op.c).set(op.id, existing);
          this.#index(op.c, existing);
        };
      }
      case 'meta': {
        const had = this.meta.has(op.k);
        const previous = this.meta.get(op.k);
        if ('v' in op && op.v !== undefined) this.meta.set(op.k, op.v);
        else this.meta.delete(op.k);
        return () => (had ? this.meta.set(op.k, previous) : this.meta.delete(op.k));
      }
      case 'ctr': {
        const previous = this.counters.get(op.c) ?? 0;
        this.counters.set(op.c, Math.max(previous, op.v));
        return () => this.counters.set(op.c, previous);
      }
    }
  }

  #put(name: CollectionName, record: StoredRecord): () => void {
    const table = this.table(name);
    const previous = table.get(record.id);
    this.#checkUnique(name, record);
    if (previous) this.#unindex(name, previous);
    table.set(record.id, record);
    this.#index(name, record);
    const previousCounter = this.counters.get(name) ?? 0;
    if (record.id > previousCounter) this.counters.set(name, record.id);
    return () => {
      this.#unindex(name, record);
      if (previous) {
        table.set(record.id, previous);
        this.#index(name, previous);
      } else {
        table.delete(record.id);
      }
      this.counters.set(name, previousCounter);
    };
  }

  #checkUnique(name: CollectionName, record: StoredRecord): void {
    for (const [index, keyOf] of this.#indexFns.get(name) ?? []) {
      const key = keyOf(record);
      if (key === null) continue;
      const owner = this.indexes.get(`${name}.${index}`)!.get(key);
      if (owner !== undefined && owner !== record.id) {
        throw new StoreConstraintError(`${name}.${index} already has "${key}"`);
      }
    }
  }

  #index(name: CollectionName, record: StoredRecord): void {
    for (const [index, keyOf] of this.#indexFns.get(name) ?? []) {
      const key = keyOf(record);
      if (key !== null) this.indexes.get(`${name}.${index}`)!.set(key, record.id);
    }
    for (const [seqIndex, keyOf] of this.#seqIndexFns.get(name) ?? []) {
      const key = keyOf(record);
      if (key !== null) seqIndex.add(key, Number(record.seq), record.id);
    }
  }

  #unindex(name: CollectionName, record: StoredRecord): void {
    for (const [index, keyOf] of this.#indexFns.get(name) ?? []) {
      const key = keyOf(record);
      const map = this.indexes.get(`${name}.${index}`)!;
      if (key !== null && map.get(key) === record.id) map.delete(key);
    }
    for (const [seqIndex, keyOf] of this.#seqIndexFns.get(name) ?? []) {
      const key = keyOf(record);
      if (key !== null) seqIndex.remove(key, Number(record.seq), record.id);
    }
  }
}

/** Stored records are immutable, so nobody can change data behind the journal's back. */
function freezeRecord(record: StoredRecord): StoredRecord {
  for (const value of Object.values(record)) {
    if (typeof value === 'object' && value !== null) Object.freeze(value);
  }
  return Object.freeze(record);
}
