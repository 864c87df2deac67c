// Applies the versioned schema (sync-server/migrations, node-pg-migrate) in one transaction: a migration
// that fails leaves the schema exactly as it was (PostgreSQL's DDL is transactional).
import path from 'node:path';
import { runner } from 'node-pg-migrate';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations');
export const MIGRATIONS_TABLE = 'store_migrations';

export interface MigrateOptions {
  /** Another folder of migrations (the tests use one with a failing migration). */
  dir?: string;
  log?: (line: string) => void;
}

/** Returns the names of the migrations it applied (none when the schema is up to date). */
export async function migrateDatabase(
  client: pg.ClientBase,
  options: MigrateOptions = {},
): Promise<string[]> {
  const log = options.log ?? (() => {});
  try {
    const applied = await runner({
      dbClient: client,
      dir: options.dir ?? MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: MIGRATIONS_TABLE,
      singleTransaction: true,
      checkOrder: true,
      // Two instances starting at once: the second waits for the first's migrations instead of failing.
      advisoryLockMode: 'wait',
      log: () => {},
    });
    for (const migration of applied) log(`Applied database migration ${migration.name}`);
    return applied.map((m) => m.name);
  } catch (error) {
    throw new Error(`Database migration failed; the schema was left unchanged: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
