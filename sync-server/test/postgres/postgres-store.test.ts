// PostgresStore on its own: the database enforces the unique indexes too (a record that memory does not
// know about still blocks a duplicate), and memory that disagrees with the database is reloaded.
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { PostgresStore, StoreConstraintError } from '../../src/storage/index.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const note = (clientId: string, seq: number) => ({
  title: clientId,
  content: '',
  tags: [],
  userId: 1,
  version: 1,
  clientId,
  createdAt: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
  seq,
});

it('refuses a duplicate note client id in the database even when memory missed the first one, then reloads', async () => {
  const url = await createTestDatabase();
  cleanups.push(() => dropTestDatabase(url));
  const store = await PostgresStore.open(url, { log: () => {}, warn: () => {} });
  cleanups.push(() => store.close());
  await store.write((tx) => tx.insert('notes', note('first', tx.seq)));

  // A writer that bypasses the store (no change row, no head move): memory cannot know about it.
  const rogue = new pg.Client(url);
  await rogue.connect();
  cleanups.push(() => rogue.end());
  await rogue.query("INSERT INTO store_docs (collection, id, doc, seq) VALUES ('notes', 50, $1, 1)", [
    JSON.stringify({ ...note('dup', 1), id: 50 }),
  ]);
  await rogue.query(
    "INSERT INTO store_keys (collection, index_name, key, id) VALUES ('notes', 'clientId', '1:dup', 50)",
  );
  expect(store.lookup('notes', 'clientId', '1:dup')).toBeUndefined();

  const duplicate = store.write((tx) => tx.insert('notes', note('dup', tx.seq)));
  await expect(duplicate).rejects.toBeInstanceOf(StoreConstraintError);
  await expect(duplicate).rejects.toThrow(/store_keys_pkey/);
  // Nothing of the refused write stayed in memory; the reload brought in what the database holds.
  await store.flush();
  expect(store.all('notes').map((n) => n.clientId)).toEqual(['first', 'dup']);
  expect(store.lookup('notes', 'clientId', '1:dup')?.id).toBe(50);
  const { rows } = await rogue.query("SELECT count(*)::int AS n FROM store_docs WHERE collection = 'notes'");
  expect(rows[0].n).toBe(2);
});
