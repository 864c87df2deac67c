// Applies the versioned schema (sync-server/migrations, node-pg-migrate) in one transaction: a migration
// that fails leaves the schema exactly as it was (PostgreSQL's DDL is transactional).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { runner } from 'node-pg-migrate';
import type pg from 'pg';

/**
 * The sync-server package's migrations folder, found from this module's own place: the sources run from
 * src/storage/postgres/ and the bundle `npm start` runs from dist/, so the folder is looked up beside the
 * nearest package.json above this file rather than at a fixed depth.
 */
export function findMigrationsDir(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'migrations');
    if (path.dirname(dir) === dir) return path.resolve(from, '../../../migrations');
  }
}

export const MIGRATIONS_DIR = findMigrationsDir();
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
  const dir = options.dir ?? MIGRATIONS_DIR;
  if (!isDirectory(dir)) {
    throw new Error(
      `Database migration failed: the migrations folder ${dir} is missing (it ships with the sync-server package). ` +
        'Reinstall from a complete checkout.',
    );
  }
  try {
    const applied = await runner({
      dbClient: client,
      dir,
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

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
