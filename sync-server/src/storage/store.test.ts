// The store against what a crash can leave behind: reopen, torn journal tails, compaction, concurrent writes.
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, SNAPSHOT_FILE, Store, StoreConstraintError } from './index.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function explanation(concept: string) {
  return { concept, explanation: `about ${concept}`, createdAt: '2026-01-01T00:00:00.000Z', userId: 1 };
}

describe('Store', () => {
  it('creates its folder and keeps acknowledged writes across a reopen without close (crash)', async () => {
    const dir = path.join(await tempDir(), 'nested', 'data');
    const a = await Store.open(dir);
    const first = await a.write((tx) => tx.insert('explanations', explanation('one')));
    await a.write((tx) => tx.update('explanations', first.id, { concept: 'one, edited' }));
    await a.write((tx) => tx.insert('explanations', explanation('two')));
    await a.write((tx) => tx.setMeta('answer', 42));
    // No close: the journal is all there is, as after SIGKILL.
    const b = await Store.open(dir);
    expect(b.all('explanations').map((e) => [e.id, e.concept])).toEqual([
      [1, 'one, edited'],
      [2, 'two'],
    ]);
    expect(b.getMeta('answer')).toBe(42);
    const third = await b.write((tx) => tx.insert('explanations', explanation('three')));
    expect(third.id).toBe(3);
    await b.close();
  });

  it('ignores a torn last journal line but keeps every complete one', async () => {
    const dir = await tempDir();
    const a = await Store.open(dir);
    await a.write((tx) => tx.insert('explanations', explanation('kept')));
    await appendFile(
      path.join(dir, JOURNAL_FILE),
      '{"s":99,"ops":[{"o":"put","c":"explanations","r":{"id":7,"con',
    );
    const b = await Store.open(dir);
    expect(b.all('explanations').map((e) => e.concept)).toEqual(['kept']);
    expect(b.get('explanations', 7)).toBeUndefined();
    // The torn tail is gone after the compaction at open, so later writes are not glued onto it.
    await b.write((tx) => tx.insert('explanations', explanation('after')));
    const c = await Store.open(dir);
    expect(c.all('explanations').map((e) => e.concept)).toEqual(['kept', 'after']);
    await c.close();
  });

  it('refuses to open a journal damaged in the middle rather than silently dropping later writes', async () => {
    const dir = await tempDir();
    const a = await Store.open(dir);
    await a.close();
    const good = (s: number) => `${JSON.stringify({ s, ops: [{ o: 'meta', k: `k${s}`, v: s }] })}\n`;
    await writeFile(path.join(dir, JOURNAL_FILE), `${good(1)}{garbage\n${good(3)}`);
    await expect(Store.open(dir)).rejects.toThrow(/damaged/);
  });

  it('undoes a transaction that throws, indexes included', async () => {
    const dir = await tempDir();
    const store = await Store.open(dir);
    await store.write((tx) =>
      tx.insert('subscribers', {
        email: 'a@x.io',
        interests: [],
        active: true,
        subscribedAt: '2026-01-01T00:00:00Z',
      }),
    );
    await expect(
      store.write((tx) => {
        tx.update('subscribers', 1, { email: 'b@x.io' });
        tx.insert('explanations', explanation('lost'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(store.get('subscribers', 1)?.email).toBe('a@x.io');
    expect(store.lookup('subscribers', 'email', 'a@x.io')?.id).toBe(1);
    expect(store.lookup('subscribers', 'email', 'b@x.io')).toBeUndefined();
    expect(store.count('explanations')).toBe(0);
    // The id handed out inside the failed transaction is handed out again.
    expect((await store.write((tx) => tx.insert('explanations', explanation('next')))).id).toBe(1);
    await store.close();
    const reopened = await Store.open(dir);
    expect(reopened.get('subscribers', 1)?.email).toBe('a@x.io');
    await reopened.close();
  });

  it('enforces unique indexes and refuses asynchronous callbacks', async () => {
    const store = await Store.open(await tempDir());
    const sub = { interests: [], active: true, subscribedAt: '2026-01-01T00:00:00Z' };
    await store.write((tx) => tx.insert('subscribers', { ...sub, email: 'a@x.io' }));
    await expect(
      store.write((tx) => tx.insert('subscribers', { ...sub, email: 'A@x.io' })),
    ).rejects.toBeInstanceOf(StoreConstraintError);
    // biome-ignore lint/suspicious/noExplicitAny: deliberately breaking the contract
    await expect(store.write((async () => 1) as any)).rejects.toThrow(/synchronous/);
    expect(store.count('subscribers')).toBe(1);
    await store.close();
  });

  it('keeps stored records frozen', async () => {
    const store = await Store.open(await tempDir());
    const rec = await store.write((tx) => tx.insert('explanations', explanation('x')));
    expect(Object.isFrozen(rec)).toBe(true);
    expect(() => {
      (rec as { concept: string }).concept = 'y';
    }).toThrow();
    await store.close();
  });

  it('acknowledges 300 concurrent writes only once durable, group-committing them', async () => {
    const dir = await tempDir();
    const store = await Store.open(dir);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        store.write((tx) => tx.insert('explanations', explanation(`c${i}`))),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(300);
    expect(store.durableSeq).toBe(store.lastSeq);
    const lines = (await readFile(path.join(dir, JOURNAL_FILE), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(300);
    const reopened = await Store.open(dir);
    expect(reopened.count('explanations')).toBe(300);
    await reopened.close();
  });

  it('compacts into a durable snapshot, empties the journal, and reopens to the same data', async () => {
    const dir = await tempDir();
    const store = await Store.open(dir, { compactThresholdBytes: 2000 });
    for (let i = 0; i < 40; i++) await store.write((tx) => tx.insert('explanations', explanation(`n${i}`)));
    // The threshold is small, so the journal was compacted along the way.
    expect((await stat(path.join(dir, JOURNAL_FILE))).size).toBeLessThan(2000 + 200);
    const burst = Array.from({ length: 20 }, (_, i) =>
      store.write((tx) => tx.insert('explanations', explanation(`b${i}`))),
    );
    const compacting = store.compact();
    await Promise.all([...burst, compacting]);
    const snapshot = JSON.parse(await readFile(path.join(dir, SNAPSHOT_FILE), 'utf8'));
    expect(snapshot.collections.explanations).toHaveLength(60);
    const reopened = await Store.open(dir);
    expect(reopened.count('explanations')).toBe(60);
    expect(reopened.all('explanations').map((e) => e.id)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    await reopened.close();
    await store.close();
  });

  it('skips journal records already contained in the snapshot', async () => {
    const dir = await tempDir();
    const store = await Store.open(dir);
    await store.write((tx) => tx.insert('explanations', explanation('x')));
    await store.close();
    // A journal left over from before the snapshot (crash between rename and truncate) must not reapply.
    const stale = { s: 1, ops: [{ o: 'put', c: 'explanations', r: { ...explanation('stale'), id: 1 } }] };
    await writeFile(path.join(dir, JOURNAL_FILE), `${JSON.stringify(stale)}\n`);
    const reopened = await Store.open(dir);
    expect(reopened.get('explanations', 1)?.concept).toBe('x');
    await reopened.close();
  });

  it('ignores a LOCK note left by a dead server, whoever has its pid now, and takes its own lock over', async () => {
    const dir = await tempDir();
    // pid 1 always exists: a pid note is never trusted, only the socket lock is.
    await writeFile(path.join(dir, 'LOCK'), '1');
    const store = await Store.open(dir);
    expect(await readFile(path.join(dir, 'LOCK'), 'utf8')).toBe(String(process.pid));
    // Reopening in the same process (a simulated crash) takes the lock over instead of refusing.
    const reopened = await Store.open(dir);
    await store.close();
    expect(await readFile(path.join(dir, 'LOCK'), 'utf8')).toBe(String(process.pid));
    await reopened.close();
    await expect(stat(path.join(dir, 'LOCK'))).rejects.toThrow();
  });

  it('answers a transaction that changes nothing only once the writes it could read are durable', async () => {
    const store = await Store.open(await tempDir());
    const pending = store.write((tx) => tx.insert('explanations', explanation('in flight')));
    const seen = await store.write((tx) => {
      const found = tx.get('explanations', 1)?.concept;
      return { found, durableAtAnswer: () => store.durableSeq };
    });
    expect(seen.found).toBe('in flight');
    expect(seen.durableAtAnswer()).toBeGreaterThanOrEqual(1);
    await pending;
    // Nothing pending: answered at once.
    expect(await store.write(() => 'idle')).toBe('idle');
    await store.close();
  });

  it('versions each collection: only the collections a write changed move, silent updates do not', async () => {
    const store = await Store.open(await tempDir());
    const reviews = store.versionOf(['reviews']);
    const before = store.versionOf(['explanations']);
    expect(store.versionOf(['explanations'])).toBe(before);
    const first = await store.write((tx) => tx.insert('explanations', explanation('one')));
    const afterInsert = store.versionOf(['explanations']);
    expect(afterInsert).toBeGreaterThan(before);
    expect(store.versionOf(['reviews'])).toBe(reviews);

    await store.write((tx) => tx.setMeta('elsewhere', 1));
    expect(store.versionOf(['explanations'])).toBe(afterInsert);

    await store.write((tx) => tx.update('explanations', first.id, { concept: 'quiet' }, { silent: true }));
    expect(store.get('explanations', first.id)?.concept).toBe('quiet');
    expect(store.versionOf(['explanations'])).toBe(afterInsert);

    await store.write((tx) => tx.remove('explanations', first.id));
    expect(store.versionOf(['reviews', 'explanations'])).toBeGreaterThan(afterInsert);
    await store.close();
  });

  it('lets one holder claim a piece of background work at a time (one process owns the folder)', async () => {
    const store = await Store.open(await tempDir());
    const claim = await store.claim('newsletter:1');
    expect(claim).not.toBeNull();
    expect(await store.claim('newsletter:1')).toBeNull();
    expect(await store.claim('digest')).not.toBeNull();
    await claim!.release();
    await claim!.release();
    expect(await store.claim('newsletter:1')).not.toBeNull();
    expect(store.kind).toBe('embedded');
    expect(store.rateLimitStore('comments')).toBeUndefined();
    await store.close();
  });
});
