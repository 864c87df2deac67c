// The feeds the last commits moved, by sequence number, so a channel resumed with Last-Event-ID learns what it
// missed. Bounded: when the gap is older than what is kept (or older than this instance), every feed is named,
// which costs the device one pull of each and never misses a change.
import { LIVE_FEEDS, type LiveFeed } from '@private-notes/shared';

export class RecentCommits {
  readonly #limit: number;
  #entries: { seq: number; feeds: readonly LiveFeed[] }[] = [];
  /** Every commit after this sequence number is in #entries (those that moved a feed). */
  #coveredAfter: number;
  #head: number;

  constructor(startSeq: number, limit = 4096) {
    this.#coveredAfter = startSeq;
    this.#head = startSeq;
    this.#limit = limit;
  }

  get head(): number {
    return this.#head;
  }

  record(seq: number, feeds: readonly LiveFeed[]): void {
    this.#head = Math.max(this.#head, seq);
    if (feeds.length === 0) return;
    this.#entries.push({ seq, feeds });
    if (this.#entries.length > this.#limit) {
      const dropped = this.#entries.splice(0, this.#entries.length - this.#limit);
      this.#coveredAfter = dropped[dropped.length - 1]!.seq;
    }
  }

  /** Everything since a full reload may have moved: forget what is kept. */
  reset(seq: number): void {
    this.#entries = [];
    this.#coveredAfter = seq;
    this.#head = Math.max(this.#head, seq);
  }

  /** The feeds that moved after `seq`; every feed when that is not known (too old, or from elsewhere). */
  since(seq: number): LiveFeed[] {
    if (seq < this.#coveredAfter || seq > this.#head) return [...LIVE_FEEDS];
    const feeds = new Set<LiveFeed>();
    for (const entry of this.#entries) if (entry.seq > seq) for (const f of entry.feeds) feeds.add(f);
    return LIVE_FEEDS.filter((f) => feeds.has(f));
  }
}
