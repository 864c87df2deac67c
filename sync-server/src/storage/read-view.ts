// Read access to the store's in-memory data. Records are frozen: change them only through a write.
import type { CollectionName, CollectionTypes } from './records.ts';
import type { State } from './state.ts';

export class ReadView {
  protected readonly state: State;

  constructor(state: State) {
    this.state = state;
  }

  /** Sequence number of the last applied write transaction. */
  get lastSeq(): number {
    return this.state.seq;
  }

  /**
   * A number that moves whenever the records of any of `collections` change (silent updates aside): a
   * cache of what those collections show stays valid while it stays the same, so a note autosave or a
   * sign-in does not throw away the blog's pages. Not a sequence number; compare it only with itself.
   */
  versionOf(collections: readonly CollectionName[]): number {
    return this.state.versionOf(collections);
  }

  get<C extends CollectionName>(collection: C, id: number): CollectionTypes[C] | undefined {
    return this.state.table(collection).get(id) as CollectionTypes[C] | undefined;
  }

  /** Iterates a collection without copying it (insertion order). */
  values<C extends CollectionName>(collection: C): IterableIterator<CollectionTypes[C]> {
    return this.state.table(collection).values() as IterableIterator<CollectionTypes[C]>;
  }

  all<C extends CollectionName>(collection: C): CollectionTypes[C][] {
    return [...this.values(collection)];
  }

  count(collection: CollectionName): number {
    return this.state.table(collection).size;
  }

  find<C extends CollectionName>(
    collection: C,
    predicate: (record: CollectionTypes[C]) => boolean,
  ): CollectionTypes[C] | undefined {
    for (const record of this.values(collection)) if (predicate(record)) return record;
    return undefined;
  }

  filter<C extends CollectionName>(
    collection: C,
    predicate: (record: CollectionTypes[C]) => boolean,
  ): CollectionTypes[C][] {
    const out: CollectionTypes[C][] = [];
    for (const record of this.values(collection)) if (predicate(record)) out.push(record);
    return out;
  }

  /** Finds a record through a unique index declared in indexes.ts. */
  lookup<C extends CollectionName>(
    collection: C,
    index: string,
    key: string,
  ): CollectionTypes[C] | undefined {
    return this.state.lookup(collection, index, key) as CollectionTypes[C] | undefined;
  }

  /**
   * The records of `collection` whose ordered index `index` (indexes.ts SEQ_INDEXES) files them under `key`
   * with after < seq ≤ through, oldest change first ((seq, id) order), read lazily from the cursor's place.
   */
  *changedBetween<C extends CollectionName>(
    collection: C,
    index: string,
    key: string,
    after: number,
    through: number,
  ): Generator<CollectionTypes[C]> {
    const table = this.state.table(collection);
    for (const entry of this.state.seqIndex(collection, index).between(key, after, through)) {
      const record = table.get(entry.id);
      if (record) yield record as CollectionTypes[C];
    }
  }

  /** How many records changedBetween would list (two binary searches). */
  countChangedBetween(
    collection: CollectionName,
    index: string,
    key: string,
    after: number,
    through: number,
  ): number {
    return this.state.seqIndex(collection, index).count(key, after, through);
  }

  getMeta<T>(key: string): T | undefined {
    return this.state.meta.get(key) as T | undefined;
  }
}
