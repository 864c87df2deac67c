// The replay cache's entries (routes/public-fast-path.ts) and what they keep in memory: bounded by a count
// and by a byte budget, the least recently used going first when either is reached. Anyone can ask for as
// many distinct addresses as they like; whatever they ask, this cache holds at most its budget.
import type { CachedAnswer } from './answer-cache.ts';

/** At most this many addresses are replayed. */
export const MAX_ENTRIES = 1000;
/**
 * The replay cache's memory budget: the bytes of the answers its entries hold (an answer's body and its
 * brotli and gzip forms, counted once however many entries share it) plus each entry's own heads and
 * headers. 32 MiB holds every build file of the app with its compressed forms (about 6 MB) and hundreds of
 * rendered pages; past it the least recently used entries are dropped, so no flood of distinct addresses
 * makes the server hold more.
 */
export const REPLAY_BUDGET_BYTES = 32 * 1024 * 1024;
/** When full, entries are dropped until a tenth of each limit is free, so the sort is paid rarely. */
const FREE_AT_ONCE = 0.1;

/** What the store needs of an entry. */
export interface Kept {
  answer: CachedAnswer;
  /** When it was last recorded or replayed (a counter): the least recently used go first when full. */
  used: number;
  /** The bytes the entry holds of its own (not its answer's): heads, headers, its key. */
  ownBytes: number;
}

export class ReplayEntries<Entry extends Kept> {
  readonly #entries = new Map<string, Entry>();
  /** How many entries hold each answer: its bytes count once, and are freed with the last of them. */
  readonly #holders = new Map<CachedAnswer, number>();
  readonly #maxEntries: number;
  readonly #budget: number;
  #bytes = 0;

  constructor(maxEntries = MAX_ENTRIES, budget = REPLAY_BUDGET_BYTES) {
    this.#maxEntries = maxEntries;
    this.#budget = budget;
  }

  /** The bytes held now: never more than the budget. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): Entry | undefined {
    return this.#entries.get(key);
  }

  /** Keeps `entry` for `key`, making room first; false (nothing kept) when it alone exceeds the budget. */
  set(key: string, entry: Entry): boolean {
    this.delete(key);
    const added = entry.ownBytes + (this.#holders.has(entry.answer) ? 0 : entry.answer.bytes);
    if (added > this.#budget) return false;
    if (this.#entries.size >= this.#maxEntries || this.#bytes + added > this.#budget) this.#makeRoom(added);
    this.#entries.set(key, entry);
    this.#holders.set(entry.answer, (this.#holders.get(entry.answer) ?? 0) + 1);
    this.#bytes += entry.ownBytes + (this.#holders.get(entry.answer) === 1 ? entry.answer.bytes : 0);
    return true;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.ownBytes;
    const holders = (this.#holders.get(entry.answer) ?? 1) - 1;
    if (holders > 0) this.#holders.set(entry.answer, holders);
    else {
      this.#holders.delete(entry.answer);
      this.#bytes -= entry.answer.bytes;
    }
  }

  /** Drops every entry (the site's address changed: what was recorded names the old one). */
  clear(): void {
    this.#entries.clear();
    this.#holders.clear();
    this.#bytes = 0;
  }

  /**
   * Drops the least recently used entries until `added` more bytes and one more entry fit with a tenth of
   * each limit to spare. Emptying the whole map instead would let anyone who requests many distinct
   * addresses push every popular page back onto Express at once.
   */
  #makeRoom(added: number): void {
    const byAge = [...this.#entries].sort(([, a], [, b]) => a.used - b.used);
    const maxBytes = Math.max(0, this.#budget * (1 - FREE_AT_ONCE) - added);
    const maxCount = Math.floor(this.#maxEntries * (1 - FREE_AT_ONCE));
    for (const [key] of byAge) {
      if (this.#bytes <= maxBytes && this.#entries.size <= maxCount) break;
      this.delete(key);
    }
  }
}
