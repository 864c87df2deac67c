// Writes a batch of transactions (already applied to memory) into PostgreSQL and commits, in one round trip:
// the store_commit function of the schema writes the records they touched as they now are, their unique
// keys, meta, id counters, one change row per transaction (what other instances replay) and the new head,
// and sends the NOTIFY that PostgreSQL delivers at COMMIT.
import type pg from 'pg';
import { INDEXES } from '../indexes.ts';
import type { StoredRecord } from '../ops.ts';
import type { CollectionName } from '../records.ts';
import type { State } from '../state.ts';
import type { WriteTx } from '../write-tx.ts';

export const CHANGES_CHANNEL = 'store_changes';

type KeyFn = (record: StoredRecord) => string | null;

export async function persistAndCommit(client: pg.ClientBase, state: State, txs: WriteTx[]): Promise<void> {
  const touched = new Map<string, { collection: CollectionName; id: number; seq: number }>();
  const metaKeys = new Set<string>();
  const counters = new Set<CollectionName>();
  for (const tx of txs) {
    for (const op of tx.ops) {
      if (op.o === 'meta') metaKeys.add(op.k);
      else if (op.o === 'ctr') counters.add(op.c);
      else {
        const id = op.o === 'put' ? op.r.id : op.id;
        touched.set(`${op.c}:${id}`, { collection: op.c, id, seq: tx.seq });
        if (op.o === 'put') counters.add(op.c);
      }
    }
  }
  const records = [...touched.values()];
  const docs = records.flatMap(({ collection, id, seq }) => {
    const doc = state.table(collection).get(id);
    return doc ? [{ collection, id, doc, seq }] : [];
  });
  const batch = {
    touched: records.map(({ collection, id }) => ({ collection, id })),
    removed: records
      .filter(({ collection, id }) => !state.table(collection).has(id))
      .map(({ collection, id }) => ({ collection, id })),
    docs,
    keys: docs.flatMap(({ collection, id, doc }) =>
      Object.entries((INDEXES[collection] ?? {}) as Record<string, KeyFn>).flatMap(([index, keyOf]) => {
        const key = keyOf(doc);
        return key === null ? [] : [{ collection, index_name: index, key, id }];
      }),
    ),
    meta: [...metaKeys].filter((k) => state.meta.has(k)).map((key) => ({ key, value: state.meta.get(key) })),
    metaRemoved: [...metaKeys].filter((k) => !state.meta.has(k)),
    counters: [...counters].map((collection) => ({ collection, value: state.counters.get(collection) ?? 0 })),
    changes: txs.map((tx) => ({ seq: tx.seq, ops: tx.ops })),
    head: txs[txs.length - 1]!.seq,
  };
  // The simple query protocol carries both statements at once (a parameter would need a round trip of its
  // own before COMMIT); escapeLiteral quotes the JSON text. If store_commit fails, COMMIT never runs.
  await client.query(`SELECT store_commit(${client.escapeLiteral(JSON.stringify(batch))}::jsonb); COMMIT`);
}
