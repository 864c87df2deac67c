// Fills an empty PostgreSQL store from a snapshot (store:copy from an embedded DATA_DIR), in one transaction.
// The change sequence continues from the snapshot's, so sync cursors that devices hold stay valid.
import type pg from 'pg';
import { INDEXES } from '../indexes.ts';
import type { StoredRecord } from '../ops.ts';
import { COLLECTION_NAMES } from '../records.ts';
import type { Snapshot } from '../state.ts';

type KeyFn = (record: StoredRecord) => string | null;

export async function importSnapshot(client: pg.ClientBase, snapshot: Snapshot): Promise<void> {
  await client.query('BEGIN');
  try {
    const head = await client.query<{ seq: string }>('SELECT seq FROM store_head FOR UPDATE');
    const { rows } = await client.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM store_docs)::int + (SELECT count(*) FROM store_meta)::int AS n',
    );
    if (Number(head.rows[0]!.seq) !== 0 || rows[0]!.n !== 0) {
      throw new Error('The target database already holds data; store:copy only fills an empty one.');
    }
    const json = (value: unknown) => JSON.stringify(value);
    for (const name of COLLECTION_NAMES) {
      const records = snapshot.collections[name] ?? [];
      // In slices, so one parameter never grows past what a large store can send at once.
      for (let i = 0; i < records.length; i += 1000) {
        const slice = records.slice(i, i + 1000);
        await client.query(
          `INSERT INTO store_docs (collection, id, doc, seq)
           SELECT $1, (d->>'id')::bigint, d, $2 FROM jsonb_array_elements($3::jsonb) AS d`,
          [name, snapshot.seq, json(slice)],
        );
        const keys = slice.flatMap((record) =>
          Object.entries((INDEXES[name] ?? {}) as Record<string, KeyFn>).flatMap(([index, keyOf]) => {
            const key = keyOf(record);
            return key === null ? [] : [{ index_name: index, key, id: record.id }];
          }),
        );
        await client.query(
          `INSERT INTO store_keys (collection, index_name, key, id)
           SELECT $1, index_name, key, id FROM jsonb_to_recordset($2::jsonb) AS x(index_name text, key text, id bigint)`,
          [name, json(keys)],
        );
      }
      await client.query('INSERT INTO store_counters (collection, value) VALUES ($1, $2)', [
        name,
        snapshot.counters[name] ?? 0,
      ]);
    }
    for (const [key, value] of Object.entries(snapshot.meta)) {
      await client.query('INSERT INTO store_meta (key, value) VALUES ($1, $2::jsonb)', [key, json(value)]);
    }
    await client.query('UPDATE store_head SET seq = $1', [snapshot.seq]);
    if (snapshot.seq > 0) await client.query("SELECT setval('store_seq', $1)", [snapshot.seq]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
