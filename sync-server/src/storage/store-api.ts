// The storage seam: what services, routes and the job runner may use, whichever store runs behind it (the
// embedded journal store or PostgreSQL; see docs/decisions/postgres-store.md).
import type { Store as RateLimitStore } from 'express-rate-limit';
import type { CommitListener } from './commit-listeners.ts';
import type { FailureStore } from './failure-store.ts';
import type { ReadView } from './read-view.ts';
import type { Snapshot } from './state.ts';
import type { WriteTx } from './write-tx.ts';

/** Held background work: see `Store.claim`. */
export interface Claim {
  /** Aborted when the claim is lost (its database connection died): stop, another instance may take over. */
  readonly signal: AbortSignal;
  /** Lets another holder (this instance or another) claim the name again. Safe to call twice. */
  release(): Promise<void>;
}

export interface Store extends ReadView {
  readonly kind: 'embedded' | 'postgres';
  /** One line for the start-up log: which store, and where. */
  describe(): string;
  /** Sequence number of the last applied write: it changes whenever any data changes (handy for ETags). */
  readonly seq: number;
  /** Sequence number of the last transaction known to be committed; change feeds never hand out more. */
  readonly durableSeq: number;
  read<R>(fn: (view: ReadView) => R): R;
  /**
   * Runs `fn` (synchronous) as one transaction and resolves with its result once it is committed. If `fn`
   * throws, nothing it did is kept and the promise rejects with that error. A store that cannot commit
   * rejects with StoreUnavailableError (the routes answer 503) and keeps nothing of the transaction.
   */
  write<R>(fn: (tx: WriteTx) => R): Promise<R>;
  /** Resolves once everything written so far is committed. */
  flush(): Promise<void>;
  /**
   * Brings this instance up to date with writes committed by other instances (resolves at once when there
   * are none, as with the embedded store). Reads are otherwise a few milliseconds behind other instances.
   */
  refresh(): Promise<void>;
  /**
   * Claims a named piece of background work (a newsletter send, the daily digest, a garbage collection) for
   * this instance: null when another holder has it. At most one holder among every instance sharing the
   * store; a holder that crashes loses the claim at once (no lease to wait out).
   */
  claim(name: string): Promise<Claim | null>;
  /**
   * A counter store for express-rate-limit shared by every instance, or undefined to use the limiter's own
   * in-memory counters (one instance). `prefix` must be unique per limiter.
   */
  rateLimitStore(prefix: string): RateLimitStore | undefined;
  /**
   * Failure counters forgotten after `forgetMs` of quiet (sign-in lockouts): in memory for the embedded
   * store, in the database and shared by every instance for PostgreSQL. `prefix` must be unique per use.
   */
  failureStore(prefix: string, forgetMs: number): FailureStore;
  /**
   * Calls `listener` after each transaction is durable, this instance's and (PostgreSQL) other instances'
   * once replayed here, in sequence order; returns the function that stops it (live/live-hub.ts).
   */
  onCommit(listener: CommitListener): () => void;
  /** Every record, meta value and counter, as one consistent state (backups, store:copy). */
  toSnapshot(): Snapshot;
  close(): Promise<void>;
}
