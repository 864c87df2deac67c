// When the app syncs reviews and study cards: at start, when the connection or the tab comes back, soon after a
// grade or a card change, and every minute. Failures wait for the next trigger (reviews are only ever added and
// card changes stay queued, so nothing is lost), except right after coming back online: the first requests
// then often fail (the link or the service worker not carrying traffic yet), so a round that could not reach
// the server is tried again within moments (RECONNECT_RETRY_MS) instead of a minute later. Cards go first, so
// the reviews pulled name cards already here.
import { onCardQueued } from '../../db/card-store.ts';
import { db } from '../../db/db.ts';
import { liveFeedBus } from '../../sync/live/live-feed-bus.ts';
import { RECONNECT_RETRY_MS } from '../../sync/reconnect-retry.ts';
import { syncCards } from '../../sync/sync-cards.ts';
import { createSyncRequest, UnreachableSyncError } from '../../sync/sync-http.ts';
import { startFsrsParameters } from './fsrs-parameters-app.ts';
import { heldReviewUid, onReviewRecorded } from './record-review.ts';
import { type ReviewSyncContext, syncReviews } from './review-sync.ts';

const PERIOD_MS = 60_000;
const AFTER_GRADE_MS = 1_000;

/**
 * One round: cards, then reviews (each tried even if the other failed). Resolves false when a request could
 * not reach the server at all (as opposed to a server that answered with an error).
 */
export async function reviewSyncRound(ctx: ReviewSyncContext): Promise<boolean> {
  let reached = true;
  const note = (error: unknown) => {
    if (error instanceof UnreachableSyncError) reached = false;
  };
  await syncCards(ctx).catch(note);
  await syncReviews(ctx).catch(note);
  return reached;
}

export interface ReviewSyncSchedule {
  /** Runs a round now (or once more after the one running); resolves with whether it reached the server. */
  run(): Promise<boolean>;
  /** Runs a round `ms` (AFTER_GRADE_MS by default) from now (a later call moves it). */
  soon(ms?: number): void;
  stop(): void;
}

/**
 * The schedule of rounds, given the round and the device's connection: runs one at once, on every `online`
 * event from `network` (with the quick retries), and every PERIOD_MS. Never two rounds at once.
 */
export function scheduleReviewSync(
  round: () => Promise<boolean>,
  device: { isOnline: () => boolean; network: EventTarget },
): ReviewSyncSchedule {
  let running: Promise<boolean> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  /** Counts `online` events: a newer one takes over the quick retries of an older one. */
  let reconnects = 0;

  const run = (): Promise<boolean> => {
    if (stopped || !device.isOnline()) return Promise.resolve(false);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let reached: boolean;
      do {
        again = false;
        reached = await round();
      } while (again && !stopped);
      running = null;
      return reached;
    })();
    return running;
  };
  const onOnline = async () => {
    const reconnect = ++reconnects;
    if (await run()) return;
    for (const pause of RECONNECT_RETRY_MS) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (stopped || reconnect !== reconnects || !device.isOnline()) return;
      if (await run()) return;
    }
  };
  const listener = () => void onOnline();
  device.network.addEventListener('online', listener);
  const interval = setInterval(() => void run(), PERIOD_MS);
  void run();

  return {
    run,
    soon(ms = AFTER_GRADE_MS) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void run(), ms);
    },
    stop() {
      stopped = true;
      device.network.removeEventListener('online', listener);
      clearInterval(interval);
      if (timer) clearTimeout(timer);
    },
  };
}

let stop: (() => void) | null = null;

/** Idempotent: the notes screen and study mode may both call it. */
export function startReviewSync(): void {
  if (stop || typeof window === 'undefined') return;
  // The study screens that sync reviews also schedule with this device's FSRS parameters (fitted when due).
  startFsrsParameters();
  // A plain card refused while the server still has its note locked (the note's unlock not pushed yet) is tried
  // again soon, then less and less often (2, 4, 8… s, up to the minute) while it keeps waiting.
  let waitedForNote = false;
  let waits = 0;
  const ctx = {
    db,
    request: createSyncRequest(),
    held: heldReviewUid,
    onWaitingForNote: () => {
      waitedForNote = true;
    },
  };
  const round = async () => {
    waitedForNote = false;
    const reached = await reviewSyncRound(ctx);
    if (waitedForNote) schedule.soon(Math.min(1_000 * 2 ** ++waits, PERIOD_MS));
    else waits = 0;
    return reached;
  };
  const schedule = scheduleReviewSync(round, {
    isOnline: () => navigator.onLine,
    network: window,
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void schedule.run();
  };
  const unsubscribe = onReviewRecorded(schedule.soon);
  const unsubscribeCards = onCardQueued(schedule.soon);
  // Another device graded or changed cards: pull now (the live channel, sync/live/).
  const unsubscribeLive = liveFeedBus.subscribe((feeds) => {
    if (feeds.includes('cards') || feeds.includes('reviews')) void schedule.run();
  });
  document.addEventListener('visibilitychange', onVisible);

  stop = () => {
    unsubscribe();
    unsubscribeCards();
    unsubscribeLive();
    document.removeEventListener('visibilitychange', onVisible);
    schedule.stop();
    stop = null;
  };
}

export function stopReviewSync(): void {
  stop?.();
}
