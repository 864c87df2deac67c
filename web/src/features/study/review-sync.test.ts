// Review sync against the real server on loopback, with each device its own IndexedDB (fake-indexeddb):
// both devices end with the same rows and so the same FSRS schedule; lost answers and retries store nothing twice.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotesDatabase } from '../../db/notes-database.ts';
import { createSyncRequest } from '../../sync/sync-http.ts';
import {
  type Call,
  type Faults,
  faultyFetch,
  startTestServer,
  type TestServer,
} from '../../sync/sync-test-harness.ts';
import { countDueToday, Rating, replayCard, reviewsByCard } from './card-schedule.ts';
import { recordReview } from './record-review.ts';
import { CURSOR_KEY, pullReviews, pushReviews, type ReviewSyncContext, syncReviews } from './review-sync.ts';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
});
afterAll(() => server.close());

let counter = 0;
function device(pageSize?: number) {
  const faults: Faults = { down: false, fail500: 0, loseResponse: null, afterResponse: null };
  const calls: Call[] = [];
  const db = new NotesDatabase(`reviews-${process.pid}-${++counter}-${Date.now()}`);
  const request = createSyncRequest({
    baseUrl: server.url,
    fetch: faultyFetch(faults, calls),
    headers: () => ({ cookie }),
  });
  const ctx: ReviewSyncContext = { db, request, pageSize };
  return { db, ctx, faults, calls };
}

async function serverReviewIds(): Promise<string[]> {
  const answer = await server.api('GET', '/api/reviews?limit=2000', { cookie });
  return (answer.body.reviews as Array<{ id: string }>).map((r) => r.id);
}

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));

describe('review sync', () => {
  it('two devices grading the same card end with the same rows and the same schedule', async () => {
    const a = device();
    const b = device();
    await recordReview({ cardId: 'fc-one', noteId: 'n1', rating: Rating.Good }, t(0), a.db);
    await recordReview({ cardId: 'fc-one', noteId: 'n1', rating: Rating.Good }, t(10), a.db);
    await recordReview({ cardId: 'fc-two', noteId: 'n1', rating: Rating.Again }, t(11), a.db);
    // B graded the same card while offline, between A's two reviews.
    await recordReview({ cardId: 'fc-one', noteId: 'n1', rating: Rating.Hard }, t(5), b.db);

    expect(await syncReviews(a.ctx)).toEqual({ pulled: 0, pushed: 3 });
    expect(await syncReviews(b.ctx)).toEqual({ pulled: 3, pushed: 1 });
    expect(await syncReviews(a.ctx)).toEqual({ pulled: 1, pushed: 0 });

    const rowsA = await a.db.reviews.toArray();
    const rowsB = await b.db.reviews.toArray();
    expect(rowsA.map((r) => r.uid).sort()).toEqual(rowsB.map((r) => r.uid).sort());
    expect(rowsA).toHaveLength(4);
    expect(replayCard(rowsA, 'fc-one')).toEqual(replayCard(rowsB, 'fc-one'));
    expect(replayCard(rowsA, 'fc-one').reps).toBe(3);
    const now = t(12);
    expect(countDueToday(['fc-one', 'fc-two'], reviewsByCard(rowsA), now)).toBe(
      countDueToday(['fc-one', 'fc-two'], reviewsByCard(rowsB), now),
    );
    // Nothing flows back and forth once both are in step.
    expect(await syncReviews(b.ctx)).toEqual({ pulled: 0, pushed: 0 });
  });

  it('a push whose answer was lost is sent again and stored once', async () => {
    const a = device();
    await recordReview({ cardId: 'fc-lost', noteId: 'n2', rating: Rating.Easy }, t(20), a.db);
    a.faults.loseResponse = (method, url) => method === 'POST' && url.endsWith('/api/reviews');
    await expect(pushReviews(a.ctx)).rejects.toThrow();
    // The server has it already; the device does not know and pushes again.
    expect(await pushReviews(a.ctx)).toBe(1);
    const ids = await serverReviewIds();
    const uid = (await a.db.reviews.toArray())[0]!.uid!;
    expect(ids.filter((id) => id === uid)).toHaveLength(1);
  });

  it('while the server is unreachable nothing is marked pushed; it goes once it is back', async () => {
    const a = device();
    await recordReview({ cardId: 'fc-off', noteId: 'n3', rating: Rating.Good }, t(30), a.db);
    a.faults.down = true;
    await expect(syncReviews(a.ctx)).rejects.toThrow('Network request failed');
    a.faults.down = false;
    a.faults.fail500 = 1;
    await expect(pushReviews(a.ctx)).rejects.toThrow('500');
    expect(await pushReviews(a.ctx)).toBe(1);
    expect(await serverReviewIds()).toContain((await a.db.reviews.toArray())[0]!.uid);
  });

  it('pulls in pages, and a fresh device gets every review exactly once', async () => {
    const a = device();
    for (let i = 0; i < 7; i++) {
      await recordReview({ cardId: `fc-page-${i}`, noteId: 'n4', rating: Rating.Good }, t(40 + i), a.db);
      await pushReviews(a.ctx); // one write each, so the pages can split between them
    }
    const fresh = device(3);
    const pulled = await pullReviews(fresh.ctx);
    const total = (await serverReviewIds()).length;
    expect(pulled).toBe(total);
    expect(fresh.calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1);
    expect(await fresh.db.reviews.count()).toBe(total);
    expect(await pullReviews(fresh.ctx)).toBe(0);
    expect((await fresh.db.syncMeta.get(CURSOR_KEY))?.value).toBeTruthy();
    // Pulled rows are not pushed back.
    expect(await pushReviews(fresh.ctx)).toBe(0);
  });

  it('a 401 stops the round with the session error', async () => {
    const a = device();
    await recordReview({ cardId: 'fc-401', noteId: 'n5', rating: Rating.Good }, t(50), a.db);
    const anonymous = createSyncRequest({ baseUrl: server.url });
    await expect(syncReviews({ db: a.db, request: anonymous })).rejects.toThrow('401');
  });
});
