// Counts failures per key (failed sign-ins per address, username or device) and forgets a key once it has
// been quiet for `forgetMs`. The embedded store keeps them in memory (one instance); PostgreSQL keeps them
// in the database, so every instance sharing it sees the same failures (postgres/shared-failure-store.ts).

/** A key's failures and when the last one happened. */
export interface FailureState {
  failures: number;
  lastFailureAt: Date;
}

export interface FailureStore {
  /** The key's failures, or null when it has none within the forget period. */
  get(key: string): Promise<FailureState | null>;
  /** Counts one more failure (starting over at 1 after a quiet `forgetMs`) and answers the new state. */
  recordFailure(key: string): Promise<FailureState>;
  /** Forgets the key's failures (a successful sign-in). */
  reset(key: string): Promise<void>;
}

/** Keys kept at most: an attacker rotating addresses cannot grow the map without bound. */
const MAX_KEYS = 100_000;

export class MemoryFailureStore implements FailureStore {
  readonly #forgetMs: number;
  readonly #now: () => number;
  /** Insertion order is last-failure order (each failure re-inserts its key), so the oldest come first. */
  readonly #states = new Map<string, FailureState>();

  constructor(forgetMs: number, now: () => number = Date.now) {
    this.#forgetMs = forgetMs;
    this.#now = now;
  }

  async get(key: string): Promise<FailureState | null> {
    const state = this.#states.get(key);
    if (!state) return null;
    if (this.#now() - state.lastFailureAt.getTime() >= this.#forgetMs) {
      this.#states.delete(key);
      return null;
    }
    return { ...state };
  }

  async recordFailure(key: string): Promise<FailureState> {
    const previous = await this.get(key);
    const state = { failures: (previous?.failures ?? 0) + 1, lastFailureAt: new Date(this.#now()) };
    this.#states.delete(key);
    this.#states.set(key, state);
    this.#evict();
    return { ...state };
  }

  async reset(key: string): Promise<void> {
    this.#states.delete(key);
  }

  /** Drops forgotten keys from the old end, and the oldest beyond the cap. */
  #evict(): void {
    for (const [key, state] of this.#states) {
      const stale = this.#now() - state.lastFailureAt.getTime() >= this.#forgetMs;
      if (!stale && this.#states.size <= MAX_KEYS) break;
      this.#states.delete(key);
    }
  }
}
