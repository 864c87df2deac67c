// PostgresStore on its own: the database enforces the unique indexes too (a record that memory does not
// know about still blocks a duplicate), memory that disagrees with the database is reloaded, and an
// instance that missed changes already pruned from the log reloads everything.
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { PostgresStore, StoreConstraintError } from '../../src/storage/index.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';
import { startTcpProxy } from './tcp-proxy.ts';

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

it('brings back an instance that missed pruned changes while its connections were down, by a full reload', async () => {
  const url = await createTestDatabase();
  cleanups.push(() => dropTestDatabase(url));
  const proxy = await startTcpProxy(Number(new URL(url).port));
  cleanups.push(() => proxy.close());
  const viaProxy = new URL(url);
  viaProxy.port = String(proxy.port);
  // A prunes change rows older than 1 ms (checked every second); B reaches the database through the proxy.
  const a = await PostgresStore.open(url, { log: () => {}, warn: () => {}, changeRetentionMs: 1 });
  cleanups.push(() => a.close());
  const b = await PostgresStore.open(viaProxy.toString(), { log: () => {}, warn: () => {} });
  cleanups.push(() => b.close());
  await a.write((tx) => tx.insert('notes', note('seen', tx.seq)));
  await b.refresh();
  expect(b.all('notes').map((n) => n.clientId)).toEqual(['seen']);

  await proxy.cut();
  await a.write((tx) => tx.insert('notes', note('missed-1', tx.seq)));
  await a.write((tx) => tx.setMeta('missed', true));
  const head = a.durableSeq;
  const client = new pg.Client(url);
  await client.connect();
  cleanups.push(() => client.end());
  // Wait until A's pruning has deleted the change rows B would need (it keeps only the newest row).
  let prunedThrough = 0;
  for (let i = 0; i < 100 && prunedThrough < head - 1; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    prunedThrough = Number(
      (await client.query('SELECT pruned_through FROM store_head')).rows[0].pruned_through,
    );
  }
  expect(prunedThrough).toBe(head - 1);
  expect(b.durableSeq).toBeLessThan(prunedThrough);
  expect(b.all('notes').map((n) => n.clientId)).toEqual(['seen']);

  await proxy.restore();
  // B's LISTEN connection comes back with backoff, catches up, finds the log pruned past it, and reloads.
  for (let i = 0; i < 100 && b.durableSeq < head; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(b.durableSeq).toBe(head);
  expect(b.all('notes').map((n) => n.clientId)).toEqual(['seen', 'missed-1']);
  expect(b.getMeta('missed')).toBe(true);
  // And it writes on the reloaded data.
  await b.write((tx) => tx.insert('notes', note('after', tx.seq)));
  expect(b.durableSeq).toBeGreaterThan(head);
  expect(b.all('notes').map((n) => n.clientId)).toEqual(['seen', 'missed-1', 'after']);
});
