// express-rate-limit counters in PostgreSQL, so every instance behind one address counts the same hits.
// Each increment is one atomic upsert (the row lock orders concurrent hits); a lost database answers 503.
import type { ClientRateLimitInfo, Options, Store as RateLimitStore } from 'express-rate-limit';
import type pg from 'pg';
import { StoreUnavailableError } from '../store-unavailable-error.ts';

const UNAVAILABLE = 'The database is unavailable. Please try again shortly.';

export class SharedRateLimitStore implements RateLimitStore {
  readonly prefix: string;
  readonly localKeys = false;
  readonly #pool: pg.Pool;
  #windowMs = 60_000;

  constructor(pool: pg.Pool, prefix: string) {
    this.#pool = pool;
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.#windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.#query<{ hits: number; reset_at: Date }>(
      'SELECT hits, reset_at FROM rate_limit_hits WHERE prefix = $1 AND key = $2 AND reset_at > now()',
      [this.prefix, key],
    );
    return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].reset_at } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    // A window that has ended starts over at 1, as the in-memory store does.
    const { rows } = await this.#query<{ hits: number; reset_at: Date }>(
      `INSERT INTO rate_limit_hits AS r (prefix, key, hits, reset_at)
       VALUES ($1, $2, 1, now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (prefix, key) DO UPDATE SET
         hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
         reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix, key, this.#windowMs],
    );
    return { totalHits: rows[0]!.hits, resetTime: rows[0]!.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.#query(
      'UPDATE rate_limit_hits SET hits = GREATEST(hits - 1, 0) WHERE prefix = $1 AND key = $2 AND reset_at > now()',
      [this.prefix, key],
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.#query('DELETE FROM rate_limit_hits WHERE prefix = $1 AND key = $2', [this.prefix, key]);
  }

  async resetAll(): Promise<void> {
    await this.#query('DELETE FROM rate_limit_hits WHERE prefix = $1', [this.prefix]);
  }

  async #query<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.#pool.query<R>(sql, params);
    } catch (error) {
      throw new StoreUnavailableError(UNAVAILABLE, { cause: error });
    }
  }
}
