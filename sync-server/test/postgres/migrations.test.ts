// A migration that fails leaves no partial schema: the pending migrations run in one transaction.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrateDatabase } from '../../src/storage/postgres/migrate-database.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';

let url = '';
let dir = '';
afterEach(async () => {
  if (url) await dropTestDatabase(url);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function tables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  return rows.map((r) => r.name);
}

describe('database migrations', () => {
  it('apply the versioned schema once, and are a no-op when it is up to date', async () => {
    url = await createTestDatabase();
    const client = new pg.Client(url);
    await client.connect();
    try {
      expect(await migrateDatabase(client)).toEqual(['1763900000000_store-tables']);
      expect(await tables(client)).toEqual(
        expect.arrayContaining([
          'store_docs',
          'store_keys',
          'store_changes',
          'store_head',
          'store_migrations',
        ]),
      );
      expect(await migrateDatabase(client)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('leave no partial schema when one of them fails, and say so', async () => {
    url = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'pn-migrations-'));
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    await writeFile(
      path.join(dir, '1763900000001_broken.sql'),
      '-- Up Migration\nCREATE TABLE half_done (id int);\nALTER TABLE store_docs ADD COLUMN extra int;\nSELECT 1 / 0;\n',
    );
    const client = new pg.Client(url);
    await client.connect();
    try {
      await expect(migrateDatabase(client, { dir })).rejects.toThrow(
        /Database migration failed; the schema was left unchanged: .*division by zero/,
      );
      // Neither the good migration before it nor the broken one left anything behind (the bookkeeping
      // table node-pg-migrate creates first records no migration).
      expect(await tables(client)).toEqual(['store_migrations']);
      expect((await client.query('SELECT count(*)::int AS n FROM store_migrations')).rows[0].n).toBe(0);
      // The real migrations still apply afterwards.
      expect(await migrateDatabase(client)).toEqual(['1763900000000_store-tables']);
    } finally {
      await client.end();
    }
  });
});
