// Bad conditions on PostgreSQL: unreachable at start (clear message, retries with backoff), lost mid-run
// (writes answer 503 and keep nothing, reads go on, recovery without a restart), a failed transaction
// leaves nothing half-written. The database "goes away" behind a loopback TCP proxy the test cuts.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../src/storage/index.ts';
import { startTestServer, type TestServer } from '../helpers.ts';
import { adminUrl, createTestDatabase, dropTestDatabase } from '../test-database.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const cleanups: (() => Promise<void>)[] = [];

/** The smallest note record the store accepts, with its title as its client id. */
const bareNote = (title: string, seq: number) => ({
  title,
  content: '',
  tags: [],
  userId: 1,
  version: 1,
  clientId: title,
  createdAt: '',
  updatedAt: '',
  seq,
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh database reached through a proxy the test can cut. */
async function proxiedDatabase(listening = true): Promise<{ url: string; direct: string; proxy: TcpProxy }> {
  const direct = await createTestDatabase();
  const proxy = await startTcpProxy(Number(new URL(adminUrl()).port), { listening });
  const url = new URL(direct);
  url.port = String(proxy.port);
  cleanups.push(async () => {
    await proxy.close();
    await dropTestDatabase(direct);
  });
  return { url: url.toString(), direct, proxy };
}

async function count(direct: string, sql: string): Promise<number> {
  const client = new pg.Client(direct);
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].n);
  } finally {
    await client.end();
  }
}

async function eventually<T>(fn: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('PostgreSQL unreachable at start', () => {
  it('says where and why, retries with backoff, and starts once the database answers', async () => {
    const { url, proxy } = await proxiedDatabase(false);
    const warnings: string[] = [];
    const opening = PostgresStore.open(url, { warn: (line) => warnings.push(line), log: () => {} });
    await eventually(
      async () => warnings.length,
      (n) => n >= 2,
    );
    expect(warnings[0]).toMatch(
      new RegExp(
        `PostgreSQL at postgres@127\\.0\\.0\\.1:${proxy.port}/\\w+ is unreachable \\(.*ECONNREFUSED.*\\); retrying in 0\\.3 s \\(attempt 1\\)`,
      ),
    );
    expect(warnings[1]).toMatch(/retrying in 0\.5 s \(attempt 2\)/);
    await proxy.restore();
    const store = await opening;
    cleanups.push(() => store.close());
    expect(warnings.at(-1)).toMatch(/is reachable now/);
    await store.write((tx) => tx.setMeta('hello', 'world'));
    expect(store.getMeta('hello')).toBe('world');
  });

  it('gives up after the retry period with a message naming DATABASE_URL', async () => {
    const { url } = await proxiedDatabase(false);
    await expect(
      PostgresStore.open(url, { connectRetryMs: 1200, warn: () => {}, log: () => {} }),
    ).rejects.toThrow(/is unreachable \(.*\); gave up after \d+ attempts\. Check DATABASE_URL/);
  });
});

describe('PostgreSQL lost mid-run', () => {
  let s: TestServer;

  it('answers writes 503 with a message, keeps nothing of them, serves reads, and recovers without a restart', async () => {
    const { url, direct, proxy } = await proxiedDatabase();
    s = await startTestServer({ databaseUrl: url });
    cleanups.push(() => s.close());
    const cookie = await s.login();
    const post = await s.handle.services.blog.createPost({ title: 'P', published: true }, 1);
    const before = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'before', content: '', tags: [] },
    });
    expect(before.status).toBe(201);

    await proxy.cut();
    const during = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'during', content: '', tags: [] },
    });
    expect(during.status).toBe(503);
    expect(during.body.message).toBe(
      'The database is unavailable; nothing was saved. Please try again shortly.',
    );
    expect(during.headers.get('retry-after')).toBe('5');
    const edit = await s.api('PUT', `/api/notes/${before.body.id}`, { cookie, body: { title: 'edited' } });
    expect(edit.status).toBe(503);
    // Shared rate-limit counters live in the database too: a limited route answers 503, not 500.
    const comment = await s.api('POST', `/api/blog/${post.id}/comments`, {
      body: { author: 'Pat', email: 'pat@example.com', content: 'hello' },
    });
    expect(comment.status).toBe(503);
    // Reads are served from memory, which holds only committed data.
    const list = await s.api('GET', '/api/notes', { cookie });
    expect(list.status).toBe(200);
    expect(list.body.map((n: { title: string }) => n.title)).toEqual(['before']);

    await proxy.restore();
    const after = await eventually(
      () => s.api('POST', '/api/notes', { cookie, body: { title: 'after', content: '', tags: [] } }),
      (res) => res.status !== 503,
    );
    expect(after.status).toBe(201);
    const client = new pg.Client(direct);
    await client.connect();
    const { rows } = await client.query(
      "SELECT doc->>'title' AS title FROM store_docs WHERE collection = 'notes' ORDER BY id",
    );
    await client.end();
    expect(rows.map((r) => r.title)).toEqual(['before', 'after']);
    expect(
      (await s.api('PUT', `/api/notes/${before.body.id}`, { cookie, body: { title: 'edited' } })).status,
    ).toBe(200);
  });

  it('keeps nothing of a transaction that fails inside the database', async () => {
    const { direct } = await proxiedDatabase();
    s = await startTestServer({ databaseUrl: direct });
    cleanups.push(() => s.close());
    const client = new pg.Client(direct);
    await client.connect();
    cleanups.push(() => client.end());
    // Fails at the last statement of the SQL transaction, after the records were written.
    await client.query(`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await client.query(
      'CREATE TRIGGER refuse BEFORE UPDATE ON store_head FOR EACH ROW EXECUTE FUNCTION refuse()',
    );
    const notesBefore = await count(
      direct,
      "SELECT count(*) AS n FROM store_docs WHERE collection = 'notes'",
    );
    const changesBefore = await count(direct, 'SELECT count(*) AS n FROM store_changes');
    const seqBefore = s.handle.store.seq;

    const write = s.handle.store.write((tx) => {
      tx.insert('notes', bareNote('a', tx.seq));
      tx.insert('notes', bareNote('b', tx.seq));
      return 'written';
    });
    await expect(write).rejects.toThrow(/injected failure/);
    expect(s.handle.store.count('notes')).toBe(0);
    expect(s.handle.store.lookup('notes', 'clientId', '1:a')).toBeUndefined();
    expect(s.handle.store.seq).toBe(seqBefore);
    expect(await count(direct, "SELECT count(*) AS n FROM store_docs WHERE collection = 'notes'")).toBe(
      notesBefore,
    );
    expect(await count(direct, 'SELECT count(*) AS n FROM store_changes')).toBe(changesBefore);

    await client.query('DROP TRIGGER refuse ON store_head');
    await s.handle.store.write((tx) => {
      tx.insert('notes', bareNote('a', tx.seq));
    });
    expect(await count(direct, "SELECT count(*) AS n FROM store_docs WHERE collection = 'notes'")).toBe(1);
  });
});
