// Reads the whole store from PostgreSQL (start-up, and a full reload after an instance fell behind the
// pruned change log).
import type pg from 'pg';
import type { StoredRecord } from '../ops.ts';
import { COLLECTION_NAMES, type CollectionName } from '../records.ts';
import { emptySnapshot, type Snapshot } from '../state.ts';

const KNOWN = new Set<string>(COLLECTION_NAMES);

/** Reads in its own read-only transaction, so the tables are seen at one instant. */
export async function loadSnapshot(client: pg.ClientBase): Promise<Snapshot> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const snapshot = await readSnapshot(client);
    await client.query('COMMIT');
    return snapshot;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** Reads in the caller's transaction (which must keep the data still, e.g. by holding the writer lock). */
export async function readSnapshot(client: pg.ClientBase): Promise<Snapshot> {
  const snapshot = emptySnapshot();
  const head = await client.query<{ seq: string }>('SELECT seq FROM store_head');
  snapshot.seq = Number(head.rows[0]?.seq ?? 0);
  const meta = await client.query<{ key: string; value: unknown }>('SELECT key, value FROM store_meta');
  for (const row of meta.rows) snapshot.meta[row.key] = row.value;
  const counters = await client.query<{ collection: string; value: string }>(
    'SELECT collection, value FROM store_counters',
  );
  for (const row of counters.rows) {
    if (KNOWN.has(row.collection)) snapshot.counters[row.collection as CollectionName] = Number(row.value);
  }
  const docs = await client.query<{ collection: string; doc: StoredRecord }>(
    'SELECT collection, doc FROM store_docs ORDER BY collection, id',
  );
  for (const row of docs.rows) {
    if (!KNOWN.has(row.collection)) continue;
    const list = snapshot.collections[row.collection as CollectionName] ?? [];
    list.push(row.doc);
    snapshot.collections[row.collection as CollectionName] = list;
  }
  return snapshot;
}
