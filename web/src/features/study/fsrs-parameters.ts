// The FSRS parameters in use on this device: the defaults until the history holds FIT_MIN_REVIEWS reviews,
// then parameters fitted to it, refitted at most once a day. Kept in the browser's database (syncMeta, one JSON
// row) so scheduling uses them offline; the fit itself runs in a worker (fsrs-fit-worker.ts) off the page's
// thread. The fit is deterministic, so devices holding the same synced reviews fit the same parameters.
import type { NotesDatabase } from '../../db/notes-database.ts';
import { type ReviewEvent, setSchedulerWeights } from './card-schedule.ts';
import { FIT_MIN_REVIEWS, type FitResult, fitParameters } from './fsrs-fit.ts';

export const PARAMETERS_KEY = 'study.fsrsParameters';
export const REFIT_AFTER_MS = 24 * 60 * 60 * 1000;

export interface StoredParameters {
  /** Null when the fit did not beat the defaults (the defaults stay; no new fit for a day). */
  w: number[] | null;
  fittedAt: string;
  reviews: number;
  logLoss: number;
  defaultLogLoss: number;
}

export type Fitter = (reviews: ReviewEvent[]) => Promise<FitResult>;

export async function readParameters(database: NotesDatabase): Promise<StoredParameters | null> {
  const row = await database.syncMeta.get(PARAMETERS_KEY);
  if (typeof row?.value !== 'string') return null;
  try {
    const parsed = JSON.parse(row.value) as StoredParameters;
    const valid =
      (parsed.w === null ||
        (Array.isArray(parsed.w) && parsed.w.length === 21 && parsed.w.every(Number.isFinite))) &&
      typeof parsed.fittedAt === 'string';
    return valid ? parsed : null;
  } catch {
    return null;
  }
}

/** A fit is due with enough reviews and none in the last day. */
export function fitDue(stored: StoredParameters | null, reviewCount: number, now: Date): boolean {
  if (reviewCount < FIT_MIN_REVIEWS) return false;
  if (!stored) return true;
  return now.getTime() - Date.parse(stored.fittedAt) >= REFIT_AFTER_MS;
}

/** Uses the stored parameters (or the defaults) for scheduling; returns them. */
export async function applyStoredParameters(database: NotesDatabase): Promise<StoredParameters | null> {
  const stored = await readParameters(database);
  setSchedulerWeights(stored?.w ?? null);
  return stored;
}

/** Fits and stores new parameters when due, then schedules with whatever is stored. */
export async function refitIfDue(
  database: NotesDatabase,
  now: Date,
  fit: Fitter = fitInWorker,
): Promise<StoredParameters | null> {
  const stored = await readParameters(database);
  const count = await database.reviews.count();
  if (!fitDue(stored, count, now)) return applyStoredParameters(database);
  const reviews = (await database.reviews.toArray()).map(({ uid, cardId, rating, reviewedAt }) => ({
    uid,
    cardId,
    rating,
    reviewedAt,
  }));
  const result = await fit(reviews);
  const next: StoredParameters = {
    w: result.logLoss < result.defaultLogLoss ? result.w : null,
    fittedAt: now.toISOString(),
    reviews: result.reviews,
    logLoss: result.logLoss,
    defaultLogLoss: result.defaultLogLoss,
  };
  await database.syncMeta.put({ key: PARAMETERS_KEY, value: JSON.stringify(next) });
  setSchedulerWeights(next.w);
  return next;
}

/** The fit in a worker; where there are no workers (tests), on this thread, yielding between iterations. */
export function fitInWorker(reviews: ReviewEvent[]): Promise<FitResult> {
  if (typeof Worker === 'undefined') {
    return fitParameters(reviews, { onIteration: () => new Promise((done) => setTimeout(done, 0)) });
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./fsrs-fit-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<FitResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The FSRS fit failed'));
    };
    worker.postMessage(reviews);
  });
}
