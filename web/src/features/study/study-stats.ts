// Study statistics from review rows (pure): reviews per day over the last 30 days, true retention, and the
// cards coming due over the next 30 days. True retention is counted as Anki counts it: reviews of cards in
// the review state (learning and relearning steps and a new card's first grade left out), passed when graded
// Hard, Good or Easy; young cards had an interval under 21 days at that review, mature ones 21 or more
// (docs/decisions/study-statistics-and-fitted-fsrs.md).
import { type ReviewEvent, replayCard, replaySteps, reviewsByCard, State } from './card-schedule.ts';

export const STATS_DAYS = 30;
export const MATURE_DAYS = 21;

export interface DayCount {
  /** Local calendar day, YYYY-MM-DD. */
  day: string;
  count: number;
}

export interface Retention {
  passed: number;
  total: number;
}

export interface RetentionTable {
  young: Retention;
  mature: Retention;
  all: Retention;
}

export interface StudyStats {
  cards: number;
  /** Cards never graded (no due date yet: they join sessions as new cards). */
  newCards: number;
  reviews: number;
  reviewsPerDay: DayCount[];
  /** Over the last 30 days and over the whole history. */
  retention: { month: RetentionTable; allTime: RetentionTable };
  /** Cards due on each of the next 30 days; today's count includes the overdue ones. */
  dueForecast: DayCount[];
}

export function localDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

const emptyTable = (): RetentionTable => ({
  young: { passed: 0, total: 0 },
  mature: { passed: 0, total: 0 },
  all: { passed: 0, total: 0 },
});

/** `cardIds`: the cards to count (a note's or all); `reviews`: their review rows (others are ignored). */
export function computeStudyStats(
  cardIds: Iterable<string>,
  reviews: readonly ReviewEvent[],
  now: Date,
): StudyStats {
  const ids = new Set(cardIds);
  const byCard = reviewsByCard(reviews.filter((r) => ids.has(r.cardId)));
  const today = localDay(now);
  const past = Array.from({ length: STATS_DAYS }, (_, i) => localDay(addDays(now, i - (STATS_DAYS - 1))));
  const future = Array.from({ length: STATS_DAYS }, (_, i) => localDay(addDays(now, i)));
  const perDay = new Map(past.map((day) => [day, 0]));
  const dueOn = new Map(future.map((day) => [day, 0]));
  const monthStart = past[0]!;
  const retention = { month: emptyTable(), allTime: emptyTable() };
  let reviewCount = 0;
  let newCards = 0;

  for (const cardId of ids) {
    const rows = byCard.get(cardId) ?? [];
    const steps = replaySteps(rows);
    reviewCount += steps.length;
    for (const { review, before } of steps) {
      const day = localDay(new Date(review.reviewedAt));
      if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1);
      if (before.state !== State.Review) continue;
      const passed = review.rating > 1 ? 1 : 0;
      const age = before.scheduled_days >= MATURE_DAYS ? 'mature' : 'young';
      const tables = day >= monthStart ? [retention.month, retention.allTime] : [retention.allTime];
      for (const table of tables) {
        for (const cell of [table[age], table.all]) {
          cell.passed += passed;
          cell.total += 1;
        }
      }
    }
    const card = replayCard(rows);
    if (card.state === State.New) {
      newCards++;
      continue;
    }
    const due = localDay(card.due);
    const slot = due < today ? today : due;
    if (dueOn.has(slot)) dueOn.set(slot, dueOn.get(slot)! + 1);
  }

  return {
    cards: ids.size,
    newCards,
    reviews: reviewCount,
    reviewsPerDay: past.map((day) => ({ day, count: perDay.get(day)! })),
    retention,
    dueForecast: future.map((day) => ({ day, count: dueOn.get(day)! })),
  };
}

/** "87.5%", or "—" with nothing to count. */
export function formatRetention(cell: Retention): string {
  if (cell.total === 0) return '—';
  return `${(Math.round((cell.passed / cell.total) * 1000) / 10).toString()}%`;
}
