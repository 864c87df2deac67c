import { default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { fitParameters, historySteps, logLoss } from './fsrs-fit.ts';
import { LEARNER_W, syntheticReviews } from './synthetic-reviews.ts';

describe('fitParameters', () => {
  // A learner whose memory follows known parameters far from the defaults, reviewed on the default schedule.
  const train = syntheticReviews({ cards: 250, days: 180, seed: 1 });
  const heldOut = historySteps(syntheticReviews({ cards: 250, days: 180, seed: 2 }));

  it('fits parameters that predict an unseen history of the same learner better than the defaults', async () => {
    expect(train.length).toBeGreaterThan(2000);
    const fit = await fitParameters(train, { iterations: 25 });
    expect(fit.reviews).toBe(train.length);
    expect(fit.logLoss).toBeLessThan(fit.defaultLogLoss - 0.01);
    const fitted = logLoss(fit.w, heldOut);
    const defaults = logLoss(default_w, heldOut);
    const truth = logLoss(LEARNER_W, heldOut);
    // Closer to the truth than the defaults are: most of the gap is closed.
    expect(fitted).toBeLessThan(defaults);
    expect(defaults - fitted).toBeGreaterThan(0.5 * (defaults - truth));
    // The learner's first Good lasts about a day, not the defaults' 2.3 days: the fit moves well towards it.
    expect(fit.w[2]!).toBeLessThan(default_w[2]! * 0.75);
  }, 60_000);

  it('is deterministic: the same history gives the same parameters', async () => {
    const small = syntheticReviews({ cards: 40, days: 90, seed: 3 });
    const a = await fitParameters(small, { iterations: 5 });
    const b = await fitParameters([...small].reverse(), { iterations: 5 });
    expect(a.w).toEqual(b.w);
  });

  it('ignores rows that are not grades and counts only reviews a day or more apart', () => {
    const steps = historySteps([
      { cardId: 'a', rating: 3, reviewedAt: '2026-01-01T09:00:00.000Z' },
      { cardId: 'a', rating: 3, reviewedAt: '2026-01-01T09:10:00.000Z' },
      { cardId: 'a', rating: 0, reviewedAt: '2026-01-02T09:00:00.000Z' },
      { cardId: 'a', rating: 1, reviewedAt: '2026-01-04T09:00:00.000Z' },
    ]);
    expect(steps).toEqual([
      [
        { t: 0, rating: 3 },
        { t: 0, rating: 3 },
        { t: 3, rating: 1 },
      ],
    ]);
    expect(logLoss(default_w, [])).toBe(0);
  });
});
