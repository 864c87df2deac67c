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
DROP TABLE rate_limit_hits;
DROP TABLE store_head;
DROP SEQUENCE store_seq;
DROP TABLE store_changes;
DROP TABLE store_counters;
DROP TABLE store_meta;
DROP TABLE store_keys;
DROP TABLE store_docs;
