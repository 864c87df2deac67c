-- Up Migration
-- The store's data, generic over COLLECTION_NAMES (storage/records.ts): a new collection needs no new table.
-- One row per record; `seq` is the change sequence of the write that last touched it.
CREATE TABLE store_docs (
  collection text NOT NULL,
  id bigint NOT NULL,
  doc jsonb NOT NULL,
  seq bigint NOT NULL,
  PRIMARY KEY (collection, id)
);

-- The unique indexes of storage/indexes.ts, enforced by the database as well as in memory: two instances
-- can never both store the same note client id, session token or subscriber address.
CREATE TABLE store_keys (
  collection text NOT NULL,
  index_name text NOT NULL,
  key text NOT NULL,
  id bigint NOT NULL,
  PRIMARY KEY (collection, index_name, key),
  FOREIGN KEY (collection, id) REFERENCES store_docs (collection, id) ON DELETE CASCADE
);
CREATE INDEX store_keys_record ON store_keys (collection, id);

CREATE TABLE store_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE store_counters (
  collection text PRIMARY KEY,
  value bigint NOT NULL
);

-- Every committed transaction's ops, in sequence order: other instances replay them (LISTEN/NOTIFY tells
-- them when). Old rows are pruned; an instance that fell behind the pruned point reloads everything.
CREATE TABLE store_changes (
  seq bigint PRIMARY KEY,
  ops jsonb NOT NULL,
  committed_at timestamptz NOT NULL DEFAULT now()
);

-- Hands out change sequence numbers. Numbers taken by a transaction that rolls back are never used: a gap.
CREATE SEQUENCE store_seq;

-- One row: the last committed sequence. Writers lock it (SELECT … FOR UPDATE) for the whole transaction, so
-- transactions commit in sequence order and a gap below the head is always a rollback, never a write still
-- in flight.
CREATE TABLE store_head (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  seq bigint NOT NULL,
  pruned_through bigint NOT NULL DEFAULT 0
);
INSERT INTO store_head (seq) VALUES (0);

-- Writes one batch of transactions in one call (one round trip), inside the caller's transaction: the
-- records they touched as they now are (keys first, so a key moving between records is no conflict), meta,
-- id counters, one change row per transaction (what other instances replay), the head, and a NOTIFY that
-- PostgreSQL delivers at COMMIT. See sync-server/src/storage/postgres/persist-transactions.ts for the batch's shape.
CREATE FUNCTION store_commit(batch jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM store_keys k USING jsonb_to_recordset(batch->'touched') AS x(collection text, id bigint)
    WHERE k.collection = x.collection AND k.id = x.id;
  DELETE FROM store_docs d USING jsonb_to_recordset(batch->'removed') AS x(collection text, id bigint)
    WHERE d.collection = x.collection AND d.id = x.id;
  INSERT INTO store_docs (collection, id, doc, seq)
    SELECT x.collection, x.id, x.doc, x.seq
    FROM jsonb_to_recordset(batch->'docs') AS x(collection text, id bigint, doc jsonb, seq bigint)
    ON CONFLICT ON CONSTRAINT store_docs_pkey DO UPDATE SET doc = EXCLUDED.doc, seq = EXCLUDED.seq;
  INSERT INTO store_keys (collection, index_name, key, id)
    SELECT x.collection, x.index_name, x.key, x.id
    FROM jsonb_to_recordset(batch->'keys') AS x(collection text, index_name text, key text, id bigint);
  DELETE FROM store_meta m WHERE m.key IN (SELECT jsonb_array_elements_text(batch->'metaRemoved'));
  INSERT INTO store_meta (key, value)
    SELECT x.key, x.value FROM jsonb_to_recordset(batch->'meta') AS x(key text, value jsonb)
    ON CONFLICT ON CONSTRAINT store_meta_pkey DO UPDATE SET value = EXCLUDED.value;
  INSERT INTO store_counters AS c (collection, value)
    SELECT x.collection, x.value FROM jsonb_to_recordset(batch->'counters') AS x(collection text, value bigint)
    ON CONFLICT ON CONSTRAINT store_counters_pkey DO UPDATE SET value = GREATEST(c.value, EXCLUDED.value);
  INSERT INTO store_changes (seq, ops)
    SELECT x.seq, x.ops FROM jsonb_to_recordset(batch->'changes') AS x(seq bigint, ops jsonb);
  UPDATE store_head SET seq = (batch->>'head')::bigint;
  PERFORM pg_notify('store_changes', batch->>'head');
END
$$;

-- express-rate-limit counters shared by every instance: one row per limiter (prefix) and client key, with
-- its own window (as the limiter's in-memory store counts).
CREATE TABLE rate_limit_hits (
  prefix text NOT NULL,
  key text NOT NULL,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL,
  PRIMARY KEY (prefix, key)
);
CREATE INDEX rate_limit_hits_reset_at ON rate_limit_hits (reset_at);

-- Down Migration
DROP FUNCTION store_commit(jsonb);
DROP TABLE rate_limit_hits;
DROP TABLE store_head;
DROP SEQUENCE store_seq;
DROP TABLE store_changes;
DROP TABLE store_counters;
DROP TABLE store_meta;
DROP TABLE store_keys;
DROP TABLE store_docs;
