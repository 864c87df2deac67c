// The store on PostgreSQL (DATABASE_URL), behind the same seam as the embedded store: every record is in
// memory for synchronous reads, and each write transaction commits to PostgreSQL before it is answered.
// Several instances share one database: a writer locks the head row, first replays what other instances
// committed, then runs its transactions on up-to-date data, so writes are serialised across instances just
// as the embedded store serialises them in one process. LISTEN/NOTIFY (plus a catch-up read by sequence)
// brings other instances' commits into memory between writes. See docs/decisions/postgres-store.md.
import type { Store as RateLimitStore } from 'express-rate-limit';
import pg from 'pg';
import { type CommitAuthor, currentAuthor } from '../commit-author.ts';
import { type CommitListener, CommitListeners } from '../commit-listeners.ts';
import type { FailureStore } from '../failure-store.ts';
import type { Op } from '../ops.ts';
import { ReadView } from '../read-view.ts';
import { type Snapshot, State, StoreConstraintError } from '../state.ts';
import type { Claim, Store } from '../store-api.ts';
import { StoreUnavailableError } from '../store-unavailable-error.ts';
import { WriteTx } from '../write-tx.ts';
import { AdvisoryClaims } from './advisory-claims.ts';
import { describeConnectionError, isConnectionError, isConstraintError } from './connection-errors.ts';
import { describeDatabaseUrl } from './database-url.ts';
import { loadSnapshot, readSnapshot } from './load-snapshot.ts';
import { migrateDatabase } from './migrate-database.ts';
import { CHANGES_CHANNEL, persistAndCommit } from './persist-transactions.ts';
import { SharedFailureStore } from './shared-failure-store.ts';
import { SharedRateLimitStore } from './shared-rate-limit-store.ts';
import { waitForDatabase } from './wait-for-database.ts';

export interface PostgresStoreOptions {
  /** How long start-up keeps retrying an unreachable database (default 5 minutes). */
  connectRetryMs?: number;
  /** Change-log rows older than this are pruned (default 10 minutes); a laggard instance reloads. */
  changeRetentionMs?: number;
  /** Another migrations folder (tests). */
  migrationsDir?: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** Information (migrations applied). Default console.log. */
  log?: (line: string) => void;
  /** Trouble with the database (unreachable, lost, back); always worth seeing. Default console.error. */
  warn?: (line: string) => void;
}

interface Pending {
  fn: (tx: WriteTx) => unknown;
  /** Read when the write is queued: the commit loop runs outside the request. */
  author: CommitAuthor | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface ChangeRow {
  head: string;
  pruned_through: string;
  seq: string | null;
  ops: Op[] | null;
}

const UNAVAILABLE = 'The database is unavailable; nothing was saved. Please try again shortly.';

export class PostgresStore extends ReadView implements Store {
  readonly kind = 'postgres';
  readonly #url: string;
  readonly #pool: pg.Pool;
  readonly #warn: (line: string) => void;
  readonly #claims: AdvisoryClaims;
  readonly #retentionMs: number;
  readonly #commits = new CommitListeners();
  #durableSeq: number;
  #queue: Pending[] = [];
  #catchUpWaiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  #catchUpRequested = false;
  #loop: Promise<void> | null = null;
  #listener: pg.Client | null = null;
  #listenRetry: NodeJS.Timeout | null = null;
  #listenDelay = 250;
  #pruneTimer: NodeJS.Timeout | null = null;
  #closed = false;
  /** The head this instance is committing: its own NOTIFY for it needs no catch-up. */
  #committingHead = -1;
  /** Set while writes fail for want of a connection, so the recovery is logged once. */
  #unavailable = false;

  private constructor(url: string, pool: pg.Pool, state: State, options: PostgresStoreOptions) {
    super(state);
    this.#url = url;
    this.#pool = pool;
    this.#warn = options.warn ?? console.error;
    this.#claims = new AdvisoryClaims({ connectionString: url, connectionTimeoutMillis: 3000 });
    this.#retentionMs = options.changeRetentionMs ?? 10 * 60_000;
    this.#durableSeq = state.seq;
  }

  /**
   * Waits for the database (retrying with backoff), applies pending migrations, loads every record and
   * starts listening for other instances' commits.
   */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const log = options.log ?? console.log;
    const where = describeDatabaseUrl(url);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
      // A database that stops answering (not just refusing) must not hang a write for ever.
      query_timeout: 15_000,
      keepAlive: true,
    });
    // Idle connections the server drops emit here; the next query simply takes a new connection.
    pool.on('error', () => {});
    // The pool listens to a client only while it is idle: one checked out (held by a commit between two
    // queries, by the start-up, by a reload) whose connection the server terminates (a restart, a failover)
    // would emit 'error' with nobody listening, and an unhandled 'error' ends the process. Every client gets
    // a listener for its whole life; its next query then fails as a connection error (503) and the client
    // is released as broken, so the pool replaces it.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    try {
      await waitForDatabase(pool, {
        where,
        log: options.warn ?? console.error,
        retryForMs: options.connectRetryMs,
      });
      const client = await pool.connect();
      try {
        await migrateDatabase(client, { dir: options.migrationsDir, log });
        const state = State.fromSnapshot(await loadSnapshot(client));
        const store = new PostgresStore(url, pool, state, options);
        await store.#listen();
        store.#pruneTimer = setInterval(() => void store.#prune(), Math.max(1000, store.#retentionMs / 2));
        store.#pruneTimer.unref();
        return store;
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }

  describe(): string {
    return `Storage: PostgreSQL at ${describeDatabaseUrl(this.#url)}`;
  }

  get seq(): number {
    return this.lastSeq;
  }

  get durableSeq(): number {
    return this.#durableSeq;
  }

  /** Every committed record, meta value and counter (for store:copy; call when no write is in flight). */
  toSnapshot(): Snapshot {
    return this.state.toSnapshot();
  }

  read<R>(fn: (view: ReadView) => R): R {
    return fn(this);
  }

  /**
   * Queues `fn`; the commit loop runs it under the database's writer lock, after replaying other instances'
   * commits, so it always sees the latest committed data. Resolves after COMMIT.
   */
  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    if (this.#closed) return Promise.reject(new Error('Store is closed'));
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ fn, author: currentAuthor(), resolve: resolve as (value: unknown) => void, reject });
      this.#kick();
    });
  }

  async flush(): Promise<void> {
    while (this.#loop) await this.#loop;
  }

  refresh(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#catchUpWaiters.push({ resolve, reject });
      this.#catchUpRequested = true;
      this.#kick();
    });
  }

  claim(name: string): Promise<Claim | null> {
    return this.#claims.claim(name);
  }

  onCommit(listener: CommitListener): () => void {
    return this.#commits.add(listener);
  }

  rateLimitStore(prefix: string): RateLimitStore {
    return new SharedRateLimitStore(this.#pool, prefix);
  }

  failureStore(prefix: string, forgetMs: number): FailureStore {
    return new SharedFailureStore(this.#pool, prefix, forgetMs);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.flush();
    this.#closed = true;
    if (this.#pruneTimer) clearInterval(this.#pruneTimer);
    if (this.#listenRetry) clearTimeout(this.#listenRetry);
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => {});
    await this.#claims.closeAll();
    await this.#pool.end();
  }

  #kick(): void {
    if (this.#loop) return;
    this.#loop = this.#run().finally(() => {
      this.#loop = null;
      if (this.#queue.length > 0 || (this.#catchUpRequested && !this.#closed)) this.#kick();
    });
  }

  /** One loop does everything that changes memory, so a replay never lands in the middle of a batch. */
  async #run(): Promise<void> {
    while (!this.#closed || this.#queue.length > 0) {
      if (this.#queue.length > 0) {
        const batch = this.#queue;
        this.#queue = [];
        await this.#commit(batch);
      } else if (this.#catchUpRequested) {
        this.#catchUpRequested = false;
        const waiters = this.#catchUpWaiters;
        this.#catchUpWaiters = [];
        try {
          await this.#catchUp();
          for (const w of waiters) w.resolve();
        } catch (error) {
          for (const w of waiters) w.reject(error);
        }
      } else {
        return;
      }
    }
  }

  /** Group commit: every transaction queued while the previous batch committed goes into one SQL transaction. */
  async #commit(batch: Pending[]): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      if (!this.#unavailable)
        this.#warn(
          `PostgreSQL is unreachable (${describeConnectionError(error)}); answering 503 until it is back.`,
        );
      this.#unavailable = true;
      const unavailable = new StoreUnavailableError(UNAVAILABLE, { cause: error });
      for (const p of batch) p.reject(unavailable);
      return;
    }
    const committed: WriteTx[] = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    let seqBefore = this.state.seq;
    let committing = false;
    try {
      // One round trip: begin, take the writer lock (held until COMMIT, so commits happen in sequence order
      // across instances) and number the batch's transactions. Only an integer is spliced into the text.
      const [, head, seqs] = (await client.query(
        'BEGIN; SELECT seq, pruned_through FROM store_head FOR UPDATE; ' +
          `SELECT nextval('store_seq') AS seq FROM generate_series(1, ${Math.trunc(batch.length)})`,
      )) as unknown as pg.QueryResult[];
      const headSeq = Number(head!.rows[0].seq);
      if (headSeq > this.#durableSeq)
        await this.#replay(client, headSeq, Number(head!.rows[0].pruned_through));
      seqBefore = this.state.seq;
      const numbers = seqs!.rows.map((r) => Number(r.seq)).sort((a, b) => a - b);
      batch.forEach((pending, i) => {
        const tx = new WriteTx(this.state, numbers[i]!, pending.author);
        try {
          const value = pending.fn(tx);
          if (value instanceof Promise) throw new Error('store.write callbacks must be synchronous');
          if (tx.ops.length > 0) {
            this.state.seq = tx.seq;
            committed.push(tx);
          }
          outcomes.push({ ok: true, value });
        } catch (error) {
          tx.rollback();
          outcomes.push({ ok: false, error });
        }
      });
      // From here the outcome may be unknown if the connection drops: the catch-up below settles it.
      committing = true;
      this.#committingHead = committed.length > 0 ? this.state.seq : -1;
      if (committed.length > 0) await persistAndCommit(client, this.state, committed);
      else await client.query('ROLLBACK');
      client.release();
    } catch (error) {
      // Nothing of this batch is kept in memory; if the COMMIT itself was lost, its outcome is unknown, and
      // the replay by sequence brings it back if it did commit.
      for (let i = committed.length - 1; i >= 0; i--) committed[i]!.rollback();
      this.state.seq = seqBefore;
      const connectionLost = isConnectionError(error);
      if (!connectionLost) await client.query('ROLLBACK').catch(() => {});
      client.release(connectionLost ? (error as Error) : undefined);
      if (committing || !connectionLost) this.#catchUpRequested = true;
      let reason: unknown = error;
      if (connectionLost) {
        reason = new StoreUnavailableError(UNAVAILABLE, { cause: error });
        if (!this.#unavailable)
          this.#warn(
            `PostgreSQL write failed (${describeConnectionError(error)}); answering 503 until it is back.`,
          );
        this.#unavailable = true;
      } else if (isConstraintError(error)) {
        // Memory disagreed with the database's constraints: reload everything before the next write.
        reason = new StoreConstraintError(
          `The database refused the write: ${describeConnectionError(error)}`,
        );
        this.#durableSeq = -1;
      }
      // A transaction that had already failed on its own keeps its own error (a 404, a 409…).
      batch.forEach((p, i) => {
        const outcome = outcomes[i];
        p.reject(outcome && !outcome.ok ? outcome.error : reason);
      });
      return;
    }
    this.#durableSeq = Math.max(this.#durableSeq, this.state.seq);
    if (this.#unavailable) {
      this.#unavailable = false;
      this.#warn('PostgreSQL is reachable again; writes are accepted.');
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) p.resolve(outcome.value);
      else p.reject(outcome.error);
    });
    for (const tx of committed) this.#commits.emit({ seq: tx.seq, ops: tx.ops, author: tx.author });
  }

  /** Reads other instances' commits (no lock: commits happen in sequence order, so any prefix is whole). */
  async #catchUp(): Promise<void> {
    const { rows } = await this.#pool.query<ChangeRow>(
      `SELECT h.seq AS head, h.pruned_through, c.seq, c.ops
       FROM store_head h LEFT JOIN store_changes c ON c.seq > $1 AND c.seq <= h.seq
       ORDER BY c.seq`,
      [Math.max(0, this.#durableSeq)],
    );
    const head = Number(rows[0]!.head);
    if (head <= this.#durableSeq) return;
    if (this.#durableSeq < Number(rows[0]!.pruned_through)) {
      await this.#reload();
      return;
    }
    this.#applyChanges(rows, head);
  }

  /** Under the writer lock: brings memory up to `head` from the change log (or a full reload). */
  async #replay(client: pg.ClientBase, head: number, prunedThrough: number): Promise<void> {
    if (this.#durableSeq < prunedThrough) {
      await this.#reload(client);
      return;
    }
    const { rows } = await client.query<ChangeRow>(
      `SELECT $2::bigint AS head, 0 AS pruned_through, seq, ops FROM store_changes
       WHERE seq > $1 AND seq <= $2 ORDER BY seq`,
      [this.#durableSeq, head],
    );
    // Running the batch on memory that missed a change would be wrong: fail it; the reload follows.
    if (!this.#applyChanges(rows, head))
      throw new Error('Memory is out of step with the database; reloading.');
  }

  /** Returns false (and schedules a full reload) when a change does not apply to memory. */
  #applyChanges(rows: ChangeRow[], head: number): boolean {
    const applied: ChangeRow[] = [];
    try {
      for (const row of rows) {
        if (row.seq === null || row.ops === null) continue;
        for (const op of row.ops) this.state.apply(op);
        this.state.seq = Number(row.seq);
        applied.push(row);
      }
    } catch (error) {
      // Cannot happen while every writer goes through the head lock; if it does, reload on the next turn.
      this.#warn(`Could not replay a change (${(error as Error).message}); reloading from the database.`);
      this.#durableSeq = -1;
      this.#catchUpRequested = true;
      return false;
    }
    this.state.seq = head;
    this.#durableSeq = head;
    for (const row of applied) this.#commits.emit({ seq: Number(row.seq), ops: row.ops });
    return true;
  }

  async #reload(client?: pg.ClientBase): Promise<void> {
    const own = client ?? (await this.#pool.connect());
    try {
      // Inside a writer's transaction the head row is locked, so the data cannot move while it is read.
      const snapshot = client ? await readSnapshot(client) : await loadSnapshot(own);
      this.state.replaceWith(State.fromSnapshot(snapshot));
      this.#durableSeq = this.state.seq;
      this.#commits.emit({ seq: this.state.seq, ops: null });
    } finally {
      if (!client) (own as pg.PoolClient).release();
    }
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      connectionTimeoutMillis: 3000,
      keepAlive: true,
    });
    const lost = (error?: Error) => {
      if (this.#listener !== client) return;
      this.#listener = null;
      void client.end().catch(() => {});
      if (this.#closed) return;
      // Said once per loss, not on every failed attempt to reconnect.
      if (this.#listenDelay === 250)
        this.#warn(`PostgreSQL LISTEN connection lost${error ? ` (${error.message})` : ''}; reconnecting.`);
      this.#scheduleListen();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      const seq = Number(message.payload);
      // Its own commit's NOTIFY may arrive before the COMMIT's answer; that one needs no catch-up.
      if (seq > this.#durableSeq && seq !== this.#committingHead) {
        this.#catchUpRequested = true;
        this.#kick();
      }
    });
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      this.#listenDelay = 250;
    } catch (error) {
      lost(error as Error);
      return;
    }
    // Commits made while nobody listened (start-up, a reconnect) are read by sequence.
    this.#catchUpRequested = true;
    this.#kick();
  }

  #scheduleListen(): void {
    if (this.#listenRetry || this.#closed) return;
    const delay = this.#listenDelay;
    this.#listenDelay = Math.min(delay * 2, 10_000);
    this.#listenRetry = setTimeout(() => {
      this.#listenRetry = null;
      void this.#listen();
    }, delay);
    this.#listenRetry.unref();
  }

  /**
   * Deletes change-log rows older than the retention (instances further behind reload everything) and
   * rate-limit counters whose window ended.
   */
  async #prune(): Promise<void> {
    try {
      await this.#pool.query("DELETE FROM rate_limit_hits WHERE reset_at < now() - interval '1 minute'");
      await this.#pool.query(
        `WITH gone AS (
           DELETE FROM store_changes
           WHERE committed_at < now() - make_interval(secs => $1::double precision / 1000)
             AND seq < (SELECT seq FROM store_head)
           RETURNING seq)
         UPDATE store_head SET pruned_through = GREATEST(pruned_through, (SELECT coalesce(max(seq), 0) FROM gone))`,
        [this.#retentionMs],
      );
    } catch {
      // The database is away; the next turn tries again.
    }
  }
}
