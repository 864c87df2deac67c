// The flashcard reviews API over real HTTP: owner only, validation, idempotent batches, the since-cursor feed,
// and reviews surviving a restart.
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

const review = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  cardId: 'fc-abc',
  noteId: 'n0123',
  rating: 3,
  reviewedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('reviews', () => {
  it('answers 401 without a session and stores nothing', async () => {
    const post = await s.api('POST', '/api/reviews', { body: { reviews: [review('r-anon')] } });
    expect(post).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
    expect((await s.api('GET', '/api/reviews')).status).toBe(401);
    expect(s.handle.store.all('reviews')).toHaveLength(0);
  });

  it('refuses a bad rating, naming the field, and stores nothing of the batch', async () => {
    const res = await s.api('POST', '/api/reviews', {
      cookie,
      body: { reviews: [review('r-ok'), review('r-bad', { rating: 5 })] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^reviews\.1\.rating/);
    expect(s.handle.store.all('reviews')).toHaveLength(0);
    const badCursor = await s.api('GET', '/api/reviews?since=abc', { cookie });
    expect(badCursor.status).toBe(400);
  });

  it('stores a batch once: a repeated push adds nothing, and the feed lists each review once', async () => {
    const first = await s.api('POST', '/api/reviews', {
      cookie,
      body: { reviews: [review('r1'), review('r2')] },
    });
    expect(first).toMatchObject({ status: 200, body: { added: 2 } });
    const again = await s.api('POST', '/api/reviews', {
      cookie,
      body: { reviews: [review('r2'), review('r3', { rating: 1 })] },
    });
    expect(again.body).toEqual({ added: 1 });

    const all = await s.api('GET', '/api/reviews', { cookie });
    expect(all.status).toBe(200);
    expect(all.body.reviews.map((r: { id: string }) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(all.body.reviews[2]).toEqual(review('r3', { rating: 1 }));
    expect(all.body.more).toBe(false);

    // Nothing new after the cursor; a later push shows up after it, alone.
    const none = await s.api('GET', `/api/reviews?since=${all.body.cursor}`, { cookie });
    expect(none.body.reviews).toEqual([]);
    await s.api('POST', '/api/reviews', { cookie, body: { reviews: [review('r4', { rating: 4 })] } });
    const next = await s.api('GET', `/api/reviews?since=${all.body.cursor}`, { cookie });
    expect(next.body.reviews.map((r: { id: string }) => r.id)).toEqual(['r4']);
  });

  it('pages without splitting one write', async () => {
    const start = (await s.api('GET', '/api/reviews', { cookie })).body.cursor;
    await s.api('POST', '/api/reviews', {
      cookie,
      body: { reviews: [review('p1'), review('p2'), review('p3')] },
    });
    await s.api('POST', '/api/reviews', { cookie, body: { reviews: [review('p4')] } });
    const page = await s.api('GET', `/api/reviews?since=${start}&limit=2`, { cookie });
    // p1..p3 were one write: the page grows to keep them together.
    expect(page.body.reviews.map((r: { id: string }) => r.id)).toEqual(['p1', 'p2', 'p3']);
    expect(page.body.more).toBe(true);
    const rest = await s.api('GET', `/api/reviews?since=${page.body.cursor}&limit=2`, { cookie });
    expect(rest.body.reviews.map((r: { id: string }) => r.id)).toEqual(['p4']);
    expect(rest.body.more).toBe(false);
  });

  it('keeps reviews across a restart', async () => {
    const before = (await s.api('GET', '/api/reviews', { cookie })).body.reviews;
    await s.close({ keepData: true });
    s = await startTestServer({ dataDir: s.dataDir });
    cookie = await s.login();
    const after = await s.api('GET', '/api/reviews', { cookie });
    expect(after.body.reviews).toEqual(before);
  });
});
