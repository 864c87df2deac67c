// Test and bench support: a review history made by a simulated learner whose memory follows FSRS with known
// parameters, reviewed when the default scheduler says so. Seeded, so every run makes the same history.
import { createEmptyCard, default_w, FSRSAlgorithm, type FSRSState, fsrs, type Grade } from 'ts-fsrs';
import type { ReviewEvent } from './card-schedule.ts';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A learner who forgets faster at first and holds on longer to what survives than the defaults predict. */
export const LEARNER_W: readonly number[] = (() => {
  const w = [...default_w];
  w[0] = 0.05; // Again on a new card: gone within hours
  w[1] = 0.4;
  w[2] = 0.9; // Good on a new card: about a day, not 2.3
  w[3] = 3;
  w[8] = 2.3; // recalls grow stability faster
  w[20] = 0.45; // a steeper forgetting curve
  return w;
})();

export function syntheticReviews(options: {
  cards: number;
  days: number;
  seed: number;
  w?: readonly number[];
}): ReviewEvent[] {
  const random = mulberry32(options.seed);
  const truth = new FSRSAlgorithm({ w: [...(options.w ?? LEARNER_W)], enable_short_term: true });
  const scheduler = fsrs({ enable_fuzz: false });
  const start = Date.UTC(2026, 0, 1, 9);
  const end = start + options.days * 86_400_000;
  const reviews: ReviewEvent[] = [];
  for (let c = 0; c < options.cards; c++) {
    const cardId = `card-${c}`;
    let at = new Date(start + Math.floor(random() * options.days * 0.5) * 86_400_000);
    let card = createEmptyCard(at);
    let memory: FSRSState | null = null;
    let last: Date | null = null;
    let n = 0;
    while (at.getTime() < end && n < 40) {
      const t = last ? Math.max(0, Math.round((at.getTime() - last.getTime()) / 86_400_000)) : 0;
      let rating: Grade;
      if (!memory) {
        const x = random();
        rating = (x < 0.25 ? 1 : x < 0.35 ? 2 : x < 0.9 ? 3 : 4) as Grade;
      } else {
        const recall = t === 0 ? 0.9 : truth.forgetting_curve(t, memory.stability);
        if (random() < recall) {
          const x = random();
          rating = (x < 0.15 ? 2 : x < 0.9 ? 3 : 4) as Grade;
        } else rating = 1 as Grade;
      }
      reviews.push({ uid: `${cardId}-${n}`, cardId, rating, reviewedAt: at.toISOString() });
      memory = truth.next_state(memory, t, rating);
      card = scheduler.next(card, at, rating).card;
      last = at;
      at = card.due;
      n++;
    }
  }
  return reviews;
}
