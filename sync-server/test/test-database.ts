// Databases for the tests on PostgreSQL: a fresh one per test server, found again through its DATA_DIR
// when a test restarts a server on the same data (as the embedded store's tests reuse the folder).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import './postgres-global-setup.ts';

/** `STORE=postgres` runs the server's integration tests against PostgreSQL (the second vitest project). */
export const TEST_STORE: 'embedded' | 'postgres' = process.env.STORE === 'postgres' ? 'postgres' : 'embedded';

const MARKER = 'test-database-url';
let counter = 0;

export function adminUrl(): string {
  return inject('pgAdminUrl');
}

export async function adminQuery(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client(adminUrl());
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** A new empty database on the run's cluster. */
export async function createTestDatabase(): Promise<string> {
  const name = `pn_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** The database of this DATA_DIR (created on first use), so a restart on the same folder finds its data. */
export async function testDatabaseFor(dataDir: string): Promise<string> {
  const marker = path.join(dataDir, MARKER);
  if (existsSync(marker)) return (await readFile(marker, 'utf8')).trim();
  const url = await createTestDatabase();
  await writeFile(marker, url);
  return url;
}
