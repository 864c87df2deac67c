// Writes a batch of transactions (already applied to memory) into PostgreSQL, inside the caller's SQL
// transaction: the records they touched as they now are, their unique keys, meta, id counters, one change
// row per transaction (what other instances replay) and the new head, plus a NOTIFY delivered at COMMIT.
import type pg from 'pg';
import { INDEXES } from '../indexes.ts';
import type { StoredRecord } from '../ops.ts';
import type { CollectionName } from '../records.ts';
import type { State } from '../state.ts';
import type { WriteTx } from '../write-tx.ts';

export const CHANGES_CHANNEL = 'store_changes';

type KeyFn = (record: StoredRecord) => string | null;

export async function persistTransactions(
  client: pg.ClientBase,
  state: State,
  txs: WriteTx[],
): Promise<void> {
  const touched = new Map<string, { c: CollectionName; id: number; seq: number }>();
  const metaKeys = new Set<string>();
  const counters = new Set<CollectionName>();
  for (const tx of txs) {
    for (const op of tx.ops) {
      if (op.o === 'meta') metaKeys.add(op.k);
      else if (op.o === 'ctr') counters.add(op.c);
      else {
        const id = op.o === 'put' ? op.r.id : op.id;
        touched.set(`${op.c}:${id}`, { c: op.c, id, seq: tx.seq });
        if (op.o === 'put') counters.add(op.c);
      }
    }
  }

  const records = [...touched.values()];
  const present = records.flatMap(({ c, id, seq }) => {
    const doc = state.table(c).get(id);
    return doc ? [{ collection: c, id, doc, seq }] : [];
  });
  const keys = present.flatMap(({ collection, id, doc }) =>
    Object.entries((INDEXES[collection] ?? {}) as Record<string, KeyFn>).flatMap(([index, keyOf]) => {
      const key = keyOf(doc);
      return key === null ? [] : [{ collection, index_name: index, key, id }];
    }),
  );
  const json = (value: unknown) => JSON.stringify(value);

  if (records.length > 0) {
    const ids = json(records.map(({ c, id }) => ({ collection: c, id })));
    // Keys first, so a key moving from one record to another within the batch is no conflict.
    await client.query(
      `DELETE FROM store_keys k USING jsonb_to_recordset($1::jsonb) AS x(collection text, id bigint)
       WHERE k.collection = x.collection AND k.id = x.id`,
      [ids],
    );
    await client.query(
      `DELETE FROM store_docs d USING jsonb_to_recordset($1::jsonb) AS x(collection text, id bigint)
       WHERE d.collection = x.collection AND d.id = x.id`,
      [
        json(
          records.filter(({ c, id }) => !state.table(c).has(id)).map(({ c, id }) => ({ collection: c, id })),
        ),
      ],
    );
  }
  if (present.length > 0) {
    await client.query(
      `INSERT INTO store_docs (collection, id, doc, seq)
       SELECT collection, id, doc, seq FROM jsonb_to_recordset($1::jsonb) AS x(collection text, id bigint, doc jsonb, seq bigint)
       ON CONFLICT (collection, id) DO UPDATE SET doc = EXCLUDED.doc, seq = EXCLUDED.seq`,
      [json(present)],
    );
  }
  if (keys.length > 0) {
    await client.query(
      `INSERT INTO store_keys (collection, index_name, key, id)
       SELECT collection, index_name, key, id
       FROM jsonb_to_recordset($1::jsonb) AS x(collection text, index_name text, key text, id bigint)`,
      [json(keys)],
    );
  }
  if (metaKeys.size > 0) {
    const set = [...metaKeys]
      .filter((k) => state.meta.has(k))
      .map((key) => ({ key, value: state.meta.get(key) }));
    const removed = [...metaKeys].filter((k) => !state.meta.has(k));
    await client.query('DELETE FROM store_meta WHERE key = ANY($1::text[])', [removed]);
    await client.query(
      `INSERT INTO store_meta (key, value) SELECT key, value FROM jsonb_to_recordset($1::jsonb) AS x(key text, value jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [json(set)],
    );
  }
  if (counters.size > 0) {
    const rows = [...counters].map((collection) => ({
      collection,
      value: state.counters.get(collection) ?? 0,
    }));
    await client.query(
      `INSERT INTO store_counters (collection, value)
       SELECT collection, value FROM jsonb_to_recordset($1::jsonb) AS x(collection text, value bigint)
       ON CONFLICT (collection) DO UPDATE SET value = GREATEST(store_counters.value, EXCLUDED.value)`,
      [json(rows)],
    );
  }
  const last = txs[txs.length - 1]!.seq;
  await client.query(
    `INSERT INTO store_changes (seq, ops) SELECT seq, ops FROM jsonb_to_recordset($1::jsonb) AS x(seq bigint, ops jsonb)`,
    [json(txs.map((tx) => ({ seq: tx.seq, ops: tx.ops })))],
  );
  await client.query('UPDATE store_head SET seq = $1', [last]);
  await client.query(`SELECT pg_notify('${CHANGES_CHANNEL}', $1)`, [String(last)]);
}
