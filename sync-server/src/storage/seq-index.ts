// An ordered in-memory index over a collection's records by change sequence, one list per key (a user): the
// changes feed reads a page from its cursor without looking at every record (docs/decisions/feed-seq-index.md).
// Each list is sorted by (seq, id); a write appends (its seq is the newest) and removes the record's old entry.

export interface SeqEntry {
  readonly seq: number;
  readonly id: number;
}

/** First position whose entry is after (seq, id) in (seq, id) order, or the length. */
function upperBound(list: readonly SeqEntry[], seq: number, id: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const entry = list[mid]!;
    if (entry.seq < seq || (entry.seq === seq && entry.id <= id)) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class SeqIndex {
  readonly #lists = new Map<string, SeqEntry[]>();

  add(key: string, seq: number, id: number): void {
    let list = this.#lists.get(key);
    if (!list) {
      list = [];
      this.#lists.set(key, list);
    }
    const last = list[list.length - 1];
    // A new write's seq is the newest: an append, save for a rollback's undo putting an older record back.
    if (!last || last.seq < seq || (last.seq === seq && last.id < id)) list.push({ seq, id });
    else list.splice(upperBound(list, seq, id), 0, { seq, id });
  }

  remove(key: string, seq: number, id: number): void {
    const list = this.#lists.get(key);
    if (!list) return;
    const at = upperBound(list, seq, id) - 1;
    if (at >= 0 && list[at]!.seq === seq && list[at]!.id === id) list.splice(at, 1);
    if (list.length === 0) this.#lists.delete(key);
  }

  /** The entries with after < seq ≤ through, oldest first (a copy-free walk). */
  *between(key: string, after: number, through: number): Generator<SeqEntry> {
    const list = this.#lists.get(key);
    if (!list) return;
    for (let i = upperBound(list, after, Number.POSITIVE_INFINITY); i < list.length; i++) {
      const entry = list[i]!;
      if (entry.seq > through) return;
      yield entry;
    }
  }

  /** How many entries have after < seq ≤ through (two binary searches). */
  count(key: string, after: number, through: number): number {
    const list = this.#lists.get(key);
    if (!list) return 0;
    const from = upperBound(list, after, Number.POSITIVE_INFINITY);
    const to = upperBound(list, through, Number.POSITIVE_INFINITY);
    return Math.max(0, to - from);
  }
}
