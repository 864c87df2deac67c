// Start-up: waits for the database to accept connections, retrying with backoff and saying why it waits.
import type pg from 'pg';
import { describeConnectionError, isConnectionError } from './connection-errors.ts';

export interface WaitOptions {
  /** Give up after this long (default 5 minutes); a process manager may then restart the server. */
  retryForMs?: number;
  log?: (line: string) => void;
  /** Where the database is, for the messages (no password). */
  where: string;
}

export async function waitForDatabase(pool: pg.Pool, options: WaitOptions): Promise<void> {
  const log = options.log ?? console.log;
  const deadline = Date.now() + (options.retryForMs ?? 5 * 60_000);
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('SELECT 1');
      if (attempt > 1) log(`PostgreSQL at ${options.where} is reachable now.`);
      return;
    } catch (error) {
      if (!isConnectionError(error)) {
        throw new Error(
          `PostgreSQL at ${options.where} refused the connection: ${describeConnectionError(error)}`,
          {
            cause: error,
          },
        );
      }
      if (Date.now() + delay > deadline) {
        throw new Error(
          `PostgreSQL at ${options.where} is unreachable (${describeConnectionError(error)}); gave up after ${attempt} attempts. Check DATABASE_URL and that the database server is running.`,
          { cause: error },
        );
      }
      log(
        `PostgreSQL at ${options.where} is unreachable (${describeConnectionError(error)}); retrying in ${(delay / 1000).toFixed(1)} s (attempt ${attempt}).`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  }
}
