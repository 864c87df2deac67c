// Failure counters (storage/failure-store.ts) in PostgreSQL, shared by every instance. They reuse the
// rate-limit table: `hits` is the failure count and `reset_at` is when the key is forgotten, always the last
// failure plus the forget period, so the last failure's time is `reset_at - forget` and no new table is
// needed. The periodic prune removes forgotten keys with the rate-limit rows.
import type pg from 'pg';
import type { FailureState, FailureStore } from '../failure-store.ts';
import { StoreUnavailableError } from '../store-unavailable-error.ts';

const UNAVAILABLE = 'The database is unavailable. Please try again shortly.';

interface Row {
  hits: number;
  last_failure_at: Date;
}

export class SharedFailureStore implements FailureStore {
  readonly #pool: pg.Pool;
  readonly #prefix: string;
  readonly #forgetMs: number;

  constructor(pool: pg.Pool, prefix: string, forgetMs: number) {
    this.#pool = pool;
    this.#prefix = prefix;
    this.#forgetMs = forgetMs;
  }

  async get(key: string): Promise<FailureState | null> {
    const { rows } = await this.#query(
      `SELECT hits, reset_at - make_interval(secs => $3::double precision / 1000) AS last_failure_at
       FROM rate_limit_hits WHERE prefix = $1 AND key = $2 AND reset_at > now()`,
      [this.#prefix, key, this.#forgetMs],
    );
    return rows[0] ? { failures: rows[0].hits, lastFailureAt: rows[0].last_failure_at } : null;
  }

  async recordFailure(key: string): Promise<FailureState> {
    // One atomic upsert: concurrent failures on several instances each count once.
    const { rows } = await this.#query(
      `INSERT INTO rate_limit_hits AS r (prefix, key, hits, reset_at)
       VALUES ($1, $2, 1, now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (prefix, key) DO UPDATE SET
         hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
         reset_at = EXCLUDED.reset_at
       RETURNING hits, reset_at - make_interval(secs => $3::double precision / 1000) AS last_failure_at`,
      [this.#prefix, key, this.#forgetMs],
    );
    return { failures: rows[0]!.hits, lastFailureAt: rows[0]!.last_failure_at };
  }

  async reset(key: string): Promise<void> {
    await this.#query('DELETE FROM rate_limit_hits WHERE prefix = $1 AND key = $2', [this.#prefix, key]);
  }

  async #query(sql: string, params: unknown[]): Promise<pg.QueryResult<Row>> {
    try {
      return await this.#pool.query<Row>(sql, params);
    } catch (error) {
      throw new StoreUnavailableError(UNAVAILABLE, { cause: error });
    }
  }
}
