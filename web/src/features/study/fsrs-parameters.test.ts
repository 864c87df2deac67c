import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NotesDatabase } from '../../db/notes-database.ts';
import { replayCard, setSchedulerWeights } from './card-schedule.ts';
import { FIT_MIN_REVIEWS, type FitResult } from './fsrs-fit.ts';
import { fitDue, PARAMETERS_KEY, readParameters, refitIfDue } from './fsrs-parameters.ts';
import { LEARNER_W } from './synthetic-reviews.ts';

let database: NotesDatabase;
let n = 0;

async function withReviews(count: number): Promise<NotesDatabase> {
  database = new NotesDatabase(`fsrs-parameters-${++n}`);
  const day = Date.UTC(2026, 0, 1, 9);
  await database.reviews.bulkAdd(
    Array.from({ length: count }, (_, i) => ({
      uid: `r${i}`,
      cardId: `c${i % 50}`,
      noteId: 'n1',
      rating: 3,
      reviewedAt: new Date(day + i * 3_600_000).toISOString(),
    })),
  );
  return database;
}

const fitted = (w: readonly number[], logLoss = 0.3): ((reviews: unknown[]) => Promise<FitResult>) => {
  return async (reviews) => ({ w: [...w], logLoss, defaultLogLoss: 0.35, reviews: reviews.length });
};

afterEach(async () => {
  setSchedulerWeights(null);
  await database?.delete();
});

describe('FSRS parameters in use', () => {
  it('keeps the defaults below the review threshold, and fits at most once a day', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(fitDue(null, FIT_MIN_REVIEWS - 1, now)).toBe(false);
    expect(fitDue(null, FIT_MIN_REVIEWS, now)).toBe(true);
    const stored = {
      w: null,
      fittedAt: '2026-03-01T00:00:00Z',
      reviews: 1000,
      logLoss: 0,
      defaultLogLoss: 0,
    };
    expect(fitDue(stored, 5000, now)).toBe(false);
    expect(fitDue(stored, 5000, new Date('2026-03-02T00:00:00Z'))).toBe(true);
  });

  it('makes no fit with too few reviews', async () => {
    await withReviews(FIT_MIN_REVIEWS - 1);
    let called = false;
    const stored = await refitIfDue(database, new Date(), async () => {
      called = true;
      throw new Error('not expected');
    });
    expect(called).toBe(false);
    expect(stored).toBeNull();
  });

  it('stores a fit that beats the defaults and schedules with it from then on', async () => {
    await withReviews(FIT_MIN_REVIEWS);
    const history = [{ cardId: 'x', rating: 4, reviewedAt: '2026-02-01T09:00:00.000Z' }];
    const before = replayCard(history).due.getTime();
    const stored = await refitIfDue(database, new Date('2026-03-01T12:00:00Z'), fitted(LEARNER_W));
    expect(stored?.w).toEqual([...LEARNER_W]);
    expect(await readParameters(database)).toEqual(stored);
    // The learner's first Easy lasts 3 days instead of 8.3: the same card comes back sooner.
    expect(replayCard(history).due.getTime()).toBeLessThan(before);
    // Within the day nothing is refitted, whatever the fitter would say.
    const again = await refitIfDue(database, new Date('2026-03-01T18:00:00Z'), async () => {
      throw new Error('not expected');
    });
    expect(again).toEqual(stored);
  });

  it('keeps the defaults when the fit does not beat them', async () => {
    await withReviews(FIT_MIN_REVIEWS);
    const stored = await refitIfDue(database, new Date(), fitted(LEARNER_W, 0.4));
    expect(stored?.w).toBeNull();
    expect(stored?.defaultLogLoss).toBe(0.35);
  });

  it('ignores a damaged stored row', async () => {
    await withReviews(0);
    await database.syncMeta.put({ key: PARAMETERS_KEY, value: '{"w":[1,2]' });
    expect(await readParameters(database)).toBeNull();
    await database.syncMeta.put({ key: PARAMETERS_KEY, value: '{"w":[1,2],"fittedAt":"2026-01-01"}' });
    expect(await readParameters(database)).toBeNull();
  });
});
