// The study cards API over real HTTP (both stores): owner only, validation that changes nothing, versions, the
// rules that keep the owner's work (last writer wins a card, a stale delete or a stale generated card is
// refused), retried pushes applied once, tombstones in the since-cursor feed, and cards surviving a restart.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(async () => {
  await s.close();
  await rm(s.dataDir, { recursive: true, force: true });
});

const flashcard = (id: string, overrides: Record<string, unknown> = {}) => ({
  kind: 'flashcard',
  id,
  noteId: 'n-note-1',
  question: `Question of ${id}?`,
  answer: `Answer of ${id}`,
  cloze: null,
  origin: 'generated',
  edited: false,
  suspended: false,
  ...overrides,
});
let changes = 0;
const put = (card: Record<string, unknown>, baseVersion = 0) => ({
  op: 'put',
  change: `ch-${++changes}`,
  baseVersion,
  card,
});
const del = (id: string, baseVersion: number, noteId = 'n-note-1') => ({
  op: 'delete',
  change: `ch-${++changes}`,
  baseVersion,
  kind: 'flashcard',
  id,
  noteId,
});

async function push(...list: unknown[]) {
  return s.api('POST', '/api/cards', { cookie, body: { changes: list } });
}
async function feed(since = '0') {
  return (await s.api('GET', `/api/cards?since=${since}`, { cookie })).body;
}

describe('cards', () => {
  it('answers 401 without a session and stores nothing', async () => {
    const post = await s.api('POST', '/api/cards', { body: { changes: [put(flashcard('fc-anon'))] } });
    expect(post).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
    expect((await s.api('GET', '/api/cards')).status).toBe(401);
    expect(s.handle.store.all('cards')).toHaveLength(0);
  });

  it('refuses an empty question, naming the field, and stores nothing of the batch', async () => {
    const res = await push(put(flashcard('fc-ok')), put(flashcard('fc-bad', { question: '  ' })));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^changes\.1\.card\.question/);
    expect(s.handle.store.all('cards')).toHaveLength(0);
    expect((await s.api('GET', '/api/cards?since=x', { cookie })).status).toBe(400);
  });

  it('stores cards with versions, lists them after a cursor, and applies a retried change once', async () => {
    const start = (await feed()).cursor;
    const first = put(flashcard('fc-1'));
    const res = await push(first, put(flashcard('fc-2', { origin: 'manual' })));
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect(res.body.results[0].card).toMatchObject({ id: 'fc-1', version: 1, deleted: false });
    // The answer was lost and the device sends the same change again: nothing moves.
    const again = await push(first);
    expect(again.body.results[0]).toMatchObject({ status: 'applied', card: { id: 'fc-1', version: 1 } });

    const page = await feed(start);
    expect(page.cards.map((c: { id: string }) => c.id)).toEqual(['fc-1', 'fc-2']);
    expect(page.cards[1].state).toEqual(flashcard('fc-2', { origin: 'manual' }));
    expect((await feed(page.cursor)).cards).toEqual([]);
  });

  it("one card's edit never touches another; concurrent edits of one card: the last to arrive wins", async () => {
    const made = await push(put(flashcard('fc-a')), put(flashcard('fc-b')));
    const cursor = (await feed()).cursor;
    // Device A edits fc-a, device B edits fc-a too from the same version, then B edits fc-b.
    const fromA = await push(put(flashcard('fc-a', { answer: 'A says', edited: true }), 1));
    const fromB = await push(put(flashcard('fc-a', { answer: 'B says', edited: true }), 1));
    expect(fromA.body.results[0].card.version).toBe(2);
    expect(fromB.body.results[0]).toMatchObject({ status: 'applied', card: { version: 3 } });
    await push(put(flashcard('fc-b', { question: 'B asks?', edited: true }), 1));
    const page = await feed(cursor);
    const byId = new Map(page.cards.map((c: { id: string }) => [c.id, c]));
    expect(byId.get('fc-a')).toMatchObject({ version: 3, state: { answer: 'B says' } });
    expect(byId.get('fc-b')).toMatchObject({
      version: 2,
      state: { question: 'B asks?', answer: 'Answer of fc-b' },
    });
    expect(made.status).toBe(200);
  });

  it('refuses a delete that had not seen the latest edit, and a stale generated card over an edited one', async () => {
    await push(put(flashcard('fc-x')));
    await push(put(flashcard('fc-x', { answer: 'fixed by hand', edited: true }), 1));
    const staleDelete = await push(del('fc-x', 1));
    expect(staleDelete.body.results[0]).toMatchObject({
      status: 'refused',
      card: { id: 'fc-x', version: 2, deleted: false, state: { answer: 'fixed by hand' } },
    });
    const regenerated = await push(put(flashcard('fc-x', { answer: 'generated again' }), 1));
    expect(regenerated.body.results[0]).toMatchObject({ status: 'refused', card: { version: 2 } });

    // A delete that saw the latest version applies and leaves a tombstone in the feed.
    const cursor = (await feed()).cursor;
    const gone = await push(del('fc-x', 2));
    expect(gone.body.results[0]).toMatchObject({
      status: 'applied',
      card: { id: 'fc-x', version: 3, deleted: true, state: null },
    });
    expect((await feed(cursor)).cards).toMatchObject([{ id: 'fc-x', deleted: true, version: 3 }]);
    // A stale generated card does not bring back a card the owner deleted; the owner's own edit does.
    expect((await push(put(flashcard('fc-x'), 2))).body.results[0].status).toBe('refused');
    const restored = await push(put(flashcard('fc-x', { edited: true, answer: 'kept' }), 2));
    expect(restored.body.results[0]).toMatchObject({
      status: 'applied',
      card: { version: 4, deleted: false },
    });
  });

  it('keeps a delete of a card the server never had as a tombstone', async () => {
    const res = await push(del('fc-never', 0));
    expect(res.body.results[0]).toMatchObject({ status: 'applied', card: { deleted: true, version: 1 } });
  });

  it('refuses a change that moves a card to another note, changing nothing of the batch', async () => {
    await push(put(flashcard('fc-home')));
    const before = s.handle.store.all('cards').length;
    const res = await push(put(flashcard('fc-new')), put(flashcard('fc-home', { noteId: 'n-other' }), 1));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('changes.1: card fc-home belongs to another note or kind');
    expect(s.handle.store.all('cards')).toHaveLength(before);
  });

  it('keeps key points and pages without splitting one write', async () => {
    const start = (await feed()).cursor;
    const point = (id: string) => ({
      kind: 'keyPoint',
      id,
      noteId: 'n-note-2',
      content: `Point ${id}`,
      origin: 'generated',
      edited: false,
    });
    await push(put(point('kp-1')), put(point('kp-2')), put(point('kp-3')));
    await push(put(point('kp-4')));
    const page = await s.api('GET', `/api/cards?since=${start}&limit=2`, { cookie });
    expect(page.body.cards.map((c: { id: string }) => c.id)).toEqual(['kp-1', 'kp-2', 'kp-3']);
    expect(page.body.more).toBe(true);
    const rest = await s.api('GET', `/api/cards?since=${page.body.cursor}&limit=2`, { cookie });
    expect(rest.body.cards.map((c: { id: string }) => c.id)).toEqual(['kp-4']);
    expect(rest.body.more).toBe(false);
  });

  it('keeps cards across a restart', async () => {
    const before = (await feed()).cards;
    await s.close({ keepData: true });
    s = await startTestServer({ dataDir: s.dataDir });
    cookie = await s.login();
    expect((await feed()).cards).toEqual(before);
  });
});
