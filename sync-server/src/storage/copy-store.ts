// store:copy: moves every record between the embedded store (a DATA_DIR) and PostgreSQL (a DATABASE_URL),
// in either direction, into an empty target. Stop the server first: the embedded store's folder lock
// refuses a running one, and a copy of a database that is still being written would miss those writes.
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import pg from 'pg';
import { importSnapshot } from './postgres/import-snapshot.ts';
import { migrateDatabase } from './postgres/migrate-database.ts';
import { PostgresStore } from './postgres/postgres-store.ts';
import { SnapshotFile } from './snapshot-file.ts';
import type { Snapshot } from './state.ts';
import { EmbeddedStore, SNAPSHOT_FILE } from './store.ts';

export function isDatabaseUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

async function readSource(from: string): Promise<Snapshot> {
  if (isDatabaseUrl(from)) {
    const store = await PostgresStore.open(from, { log: () => {}, connectRetryMs: 5000 });
    try {
      return store.toSnapshot();
    } finally {
      await store.close();
    }
  }
  if (!existsSync(path.join(from, SNAPSHOT_FILE)))
    throw new Error(`${from} holds no store (${SNAPSHOT_FILE} is missing)`);
  const store = await EmbeddedStore.open(from);
  try {
    return store.toSnapshot();
  } finally {
    await store.close();
  }
}

async function writeTarget(to: string, snapshot: Snapshot): Promise<void> {
  if (isDatabaseUrl(to)) {
    const client = new pg.Client({ connectionString: to });
    await client.connect();
    try {
      await migrateDatabase(client);
      await importSnapshot(client, snapshot);
    } finally {
      await client.end();
    }
    return;
  }
  await mkdir(to, { recursive: true, mode: 0o700 });
  if ((await readdir(to)).length > 0)
    throw new Error(`${to} is not empty; store:copy only fills an empty folder.`);
  const file = new Low<Snapshot>(new SnapshotFile(path.join(to, SNAPSHOT_FILE)), snapshot);
  await file.write();
  // Opening it once proves the folder is a valid store (and writes it back in the store's own format).
  await (await EmbeddedStore.open(to)).close();
}

/** Copies everything; returns the number of records per collection. */
export async function copyStore(from: string, to: string): Promise<Record<string, number>> {
  if (isDatabaseUrl(from) === isDatabaseUrl(to)) {
    throw new Error('store:copy copies between a DATA_DIR and a postgres:// DATABASE_URL (one of each).');
  }
  const snapshot = await readSource(from);
  await writeTarget(to, snapshot);
  return Object.fromEntries(
    Object.entries(snapshot.collections).map(([name, records]) => [name, records.length]),
  );
}
