// Fits FSRS's 21 parameters to the owner's own review history, as the FSRS optimizer does: minimise the
// log-loss of the model's recall probability R(t, S) against what happened (Again = forgotten, Hard, Good or
// Easy = recalled) over every review that came a day or more after the previous one. The memory state is
// ts-fsrs's own (FSRSAlgorithm.next_state), so the fit is of the very model the scheduler runs. Gradients
// are finite differences in a space where every parameter spans [0, 1] between ts-fsrs's bounds, steps are
// Adam's, and nothing is random: the same history always gives the same parameters, on every device.
import {
  CLAMP_PARAMETERS,
  dateDiffInDays,
  default_w,
  FSRSAlgorithm,
  type FSRSState,
  W17_W18_Ceiling,
} from 'ts-fsrs';
import { compareReviews, type ReviewEvent } from './card-schedule.ts';

/** Below this many reviews the defaults stay (the FSRS optimizer in Anki asks for about 1,000 too). */
export const FIT_MIN_REVIEWS = 1000;

export interface FitResult {
  w: number[];
  /** Mean log-loss of the fitted parameters over the history. */
  logLoss: number;
  /** The same with the default parameters, for comparison. */
  defaultLogLoss: number;
  /** Review rows the fit read. */
  reviews: number;
}

/** One card's history as the model needs it: days since the previous review, and the grade. */
type Step = { t: number; rating: number };

export interface FitOptions {
  iterations?: number;
  learningRate?: number;
  /** Called between iterations, so a caller can yield to the page (idle chunks) or report progress. */
  onIteration?: (done: number, total: number) => void | Promise<void>;
}

const BOUNDS = CLAMP_PARAMETERS(W17_W18_Ceiling, true);
const EPSILON = 1e-4;
/** Pulls towards the defaults, as the FSRS optimizer's regularisation does, so a small history cannot overfit. */
const PRIOR = 1e-3;

/** Groups rows by card, in time order, as steps; rows with a rating that is not a grade are left out. */
export function historySteps(reviews: readonly ReviewEvent[]): Step[][] {
  const byCard = new Map<string, ReviewEvent[]>();
  for (const review of reviews) {
    if (review.rating < 1 || review.rating > 4 || Number.isNaN(Date.parse(review.reviewedAt))) continue;
    const list = byCard.get(review.cardId);
    if (list) list.push(review);
    else byCard.set(review.cardId, [review]);
  }
  const cards = [...byCard.keys()].sort();
  return cards.map((cardId) => {
    const rows = byCard.get(cardId)!.sort(compareReviews);
    return rows.map((row, i) => ({
      t: i === 0 ? 0 : dateDiffInDays(new Date(rows[i - 1]!.reviewedAt), new Date(row.reviewedAt)),
      rating: row.rating,
    }));
  });
}

/** Mean log-loss of parameters `w` over the histories (the reviews at least a day after the previous one). */
export function logLoss(w: readonly number[], histories: readonly Step[][]): number {
  const algorithm = new FSRSAlgorithm({ w: [...w], enable_short_term: true, enable_fuzz: false });
  let sum = 0;
  let count = 0;
  for (const steps of histories) {
    let state: FSRSState | null = null;
    for (const { t, rating } of steps) {
      if (state && t > 0) {
        const r = Math.min(Math.max(algorithm.forgetting_curve(t, state.stability), 1e-6), 1 - 1e-6);
        sum -= rating > 1 ? Math.log(r) : Math.log(1 - r);
        count++;
      }
      state = algorithm.next_state(state, t, rating);
    }
  }
  return count === 0 ? 0 : sum / count;
}

const toUnit = (w: readonly number[]) =>
  w.map((x, i) => (x - BOUNDS[i]![0]!) / (BOUNDS[i]![1]! - BOUNDS[i]![0]!));
const fromUnit = (u: readonly number[]) =>
  u.map((x, i) => BOUNDS[i]![0]! + Math.min(Math.max(x, 0), 1) * (BOUNDS[i]![1]! - BOUNDS[i]![0]!));

/** The parameters that best explain `reviews` (start: the defaults), with their log-loss and the defaults'. */
export async function fitParameters(
  reviews: readonly ReviewEvent[],
  options: FitOptions = {},
): Promise<FitResult> {
  const iterations = options.iterations ?? 80;
  const rate = options.learningRate ?? 0.02;
  const histories = historySteps(reviews);
  const start = toUnit(default_w);
  const objective = (u: readonly number[]) => {
    let prior = 0;
    for (let i = 0; i < u.length; i++) prior += (u[i]! - start[i]!) ** 2;
    return logLoss(fromUnit(u), histories) + PRIOR * prior;
  };
  let u = [...start];
  let best = { u, loss: objective(u) };
  const m = new Array<number>(u.length).fill(0);
  const v = new Array<number>(u.length).fill(0);
  for (let step = 1; step <= iterations; step++) {
    const base = objective(u);
    if (base < best.loss) best = { u, loss: base };
    const next = [...u];
    for (let i = 0; i < u.length; i++) {
      const probe = [...u];
      probe[i] = u[i]! + EPSILON;
      const g = (objective(probe) - base) / EPSILON;
      m[i] = 0.9 * m[i]! + 0.1 * g;
      v[i] = 0.999 * v[i]! + 0.001 * g * g;
      const mHat = m[i]! / (1 - 0.9 ** step);
      const vHat = v[i]! / (1 - 0.999 ** step);
      next[i] = Math.min(Math.max(u[i]! - (rate * mHat) / (Math.sqrt(vHat) + 1e-8), 0), 1);
    }
    u = next;
    await options.onIteration?.(step, iterations);
  }
  const last = objective(u);
  if (last < best.loss) best = { u, loss: last };
  const w = fromUnit(best.u).map((x) => Math.round(x * 1e4) / 1e4);
  return {
    w,
    logLoss: logLoss(w, histories),
    defaultLogLoss: logLoss(default_w, histories),
    reviews: reviews.length,
  };
}
