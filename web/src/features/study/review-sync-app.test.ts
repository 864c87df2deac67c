// When study cards and reviews sync after the device comes back online: a round that could not reach the
// server right after `online` is tried again within moments (not a minute later), a round that reached it is
// not repeated, and a stopped schedule or a device gone offline again tries nothing more. The round itself
// runs against the real server on loopback.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotesDatabase } from '../../db/notes-database.ts';
import { RECONNECT_RETRY_MS } from '../../sync/reconnect-retry.ts';
import { createSyncRequest } from '../../sync/sync-http.ts';
import {
  type Call,
  type Faults,
  faultyFetch,
  startTestServer,
  type TestServer,
} from '../../sync/sync-test-harness.ts';
import { Rating } from './card-schedule.ts';
import { recordReview } from './record-review.ts';
import { reviewSyncRound, scheduleReviewSync } from './review-sync-app.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A device's connection: `online` events on demand. */
function connection(online = true) {
  const network = new EventTarget();
  const device = { isOnline: () => online, network };
  return {
    device,
    comeOnline() {
      online = true;
      network.dispatchEvent(new Event('online'));
    },
    goOffline() {
      online = false;
    },
  };
}

/** A round that reports `results` in turn (then reached), counting its calls. */
function scriptedRound(results: boolean[]) {
  const round = vi.fn(async () => results.shift() ?? true);
  return round;
}

describe('the study sync schedule after coming back online', () => {
  it('tries an unreachable round again within moments until it reaches the server, then stops', async () => {
    vi.useFakeTimers();
    const { device, comeOnline, goOffline } = connection(false);
    const round = scriptedRound([false, false]);
    const schedule = scheduleReviewSync(round, device);
    // Offline at start: nothing is tried.
    expect(round).not.toHaveBeenCalled();
    comeOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_RETRY_MS[0]!);
    expect(round).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RECONNECT_RETRY_MS[1]!);
    // The third round reached the server: no more quick retries.
    expect(round).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(RECONNECT_RETRY_MS.reduce((a, b) => a + b, 0));
    expect(round).toHaveBeenCalledTimes(3);
    goOffline();
    schedule.stop();
  });

  it('a network that stays unusable gets every quick retry once, then waits for the next trigger', async () => {
    vi.useFakeTimers();
    const { device, comeOnline } = connection(false);
    const round = vi.fn(async () => false);
    const schedule = scheduleReviewSync(round, device);
    comeOnline();
    await vi.advanceTimersByTimeAsync(RECONNECT_RETRY_MS.reduce((a, b) => a + b, 0) + 10);
    expect(round).toHaveBeenCalledTimes(1 + RECONNECT_RETRY_MS.length);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(round).toHaveBeenCalledTimes(1 + RECONNECT_RETRY_MS.length);
    // The minute's round still comes.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(round).toHaveBeenCalledTimes(2 + RECONNECT_RETRY_MS.length);
    schedule.stop();
  });

  it('a round that reached the server is not repeated, and a stopped schedule retries nothing', async () => {
    vi.useFakeTimers();
    const first = connection(false);
    const reached = vi.fn(async () => true);
    const a = scheduleReviewSync(reached, first.device);
    first.comeOnline();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(reached).toHaveBeenCalledTimes(1);
    a.stop();

    const second = connection(false);
    const unreachable = vi.fn(async () => false);
    const b = scheduleReviewSync(unreachable, second.device);
    second.comeOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(unreachable).toHaveBeenCalledTimes(1);
    b.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(unreachable).toHaveBeenCalledTimes(1);
    // Stopped: an `online` event does nothing.
    second.comeOnline();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(unreachable).toHaveBeenCalledTimes(1);
  });

  it('never runs two rounds at once: a trigger during a round runs one more after it', async () => {
    const { device } = connection(true);
    let release: () => void = () => {};
    let active = 0;
    let most = 0;
    const round = vi.fn(async () => {
      active++;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      active--;
      return true;
    });
    const schedule = scheduleReviewSync(round, device);
    expect(round).toHaveBeenCalledTimes(1);
    const during = schedule.run();
    void schedule.run();
    release();
    await vi.waitFor(() => expect(round).toHaveBeenCalledTimes(2));
    release();
    expect(await during).toBe(true);
    expect(round).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    schedule.stop();
  });
});

describe('a study sync round against the server', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    cookie = await server.login();
  });
  afterAll(() => server.close());

  it('reports an unreachable server as not reached, keeps the grade, and pushes it once reached', async () => {
    const faults: Faults = { down: true, fail500: 0, loseResponse: null, afterResponse: null };
    const calls: Call[] = [];
    const db = new NotesDatabase(`review-sync-app-${process.pid}-${Date.now()}`);
    const request = createSyncRequest({
      baseUrl: server.url,
      fetch: faultyFetch(faults, calls),
      headers: () => ({ cookie }),
    });
    const ctx = { db, request };
    await recordReview(
      { cardId: 'fc-reconnect', noteId: 'n-reconnect', rating: Rating.Good },
      new Date(),
      db,
    );

    expect(await reviewSyncRound(ctx)).toBe(false);
    expect(await db.reviews.count()).toBe(1);

    faults.down = false;
    expect(await reviewSyncRound(ctx)).toBe(true);
    const answer = await server.api('GET', '/api/reviews?limit=2000', { cookie });
    const ids = (answer.body.reviews as Array<{ cardId: string }>).map((r) => r.cardId);
    expect(ids.filter((id) => id === 'fc-reconnect')).toHaveLength(1);
  });

  it('a server that answers with an error was reached: no quick retry is due', async () => {
    const faults: Faults = { down: false, fail500: 10, loseResponse: null, afterResponse: null };
    const db = new NotesDatabase(`review-sync-app-500-${process.pid}-${Date.now()}`);
    const request = createSyncRequest({
      baseUrl: server.url,
      fetch: faultyFetch(faults, []),
      headers: () => ({ cookie }),
    });
    expect(await reviewSyncRound({ db, request })).toBe(true);
  });
});
