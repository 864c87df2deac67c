// When the app syncs reviews and study cards: at start, when the connection or the tab comes back, soon after a
// grade or a card change, and every minute. Failures wait for the next trigger (reviews are only ever added and
// card changes stay queued, so nothing is lost). Cards go first, so the reviews pulled name cards already here.
import { onCardQueued } from '../../db/card-store.ts';
import { db } from '../../db/db.ts';
import { syncCards } from '../../sync/sync-cards.ts';
import { createSyncRequest } from '../../sync/sync-http.ts';
import { startFsrsParameters } from './fsrs-parameters-app.ts';
import { heldReviewUid, onReviewRecorded } from './record-review.ts';
import { syncReviews } from './review-sync.ts';

const PERIOD_MS = 60_000;
const AFTER_GRADE_MS = 1_000;

let stop: (() => void) | null = null;

/** Idempotent: the notes screen and study mode may both call it. */
export function startReviewSync(): void {
  if (stop || typeof window === 'undefined') return;
  // The study screens that sync reviews also schedule with this device's FSRS parameters (fitted when due).
  startFsrsParameters();
  const ctx = { db, request: createSyncRequest(), held: heldReviewUid };
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = (): Promise<void> => {
    if (!navigator.onLine) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await syncCards(ctx).catch(() => {});
        await syncReviews(ctx).catch(() => {});
      } while (again);
      running = null;
    })();
    return running;
  };
  const soon = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), AFTER_GRADE_MS);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run();
  };
  const onOnline = () => void run();

  const unsubscribe = onReviewRecorded(soon);
  const unsubscribeCards = onCardQueued(soon);
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  const interval = setInterval(() => void run(), PERIOD_MS);
  void run();

  stop = () => {
    unsubscribe();
    unsubscribeCards();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(interval);
    if (timer) clearTimeout(timer);
    stop = null;
  };
}

export function stopReviewSync(): void {
  stop?.();
}
