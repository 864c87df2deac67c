// Spaced repetition by FSRS (ts-fsrs): a card's state is the replay of its review rows in time order, so
// every device holding the same rows computes the same schedule. Nothing about a card is stored but reviews.
import { type Card, createEmptyCard, fsrs, type Grade, Rating, State } from 'ts-fsrs';

/** The part of a review row the schedule depends on. */
export interface ReviewEvent {
  uid?: string | undefined;
  cardId: string;
  rating: number;
  reviewedAt: string;
}

export const GRADES = [
  { rating: Rating.Again, label: 'Again' },
  { rating: Rating.Hard, label: 'Hard' },
  { rating: Rating.Good, label: 'Good' },
  { rating: Rating.Easy, label: 'Easy' },
] as const;

// No fuzz: two devices replaying the same reviews must land on the same due date.
let scheduler = fsrs({ enable_fuzz: false });

/**
 * The FSRS parameters every replay uses from now on: the owner's fitted ones (fsrs-parameters.ts), or null for
 * the defaults. The fit is deterministic, so devices holding the same reviews fit the same parameters.
 */
export function setSchedulerWeights(w: readonly number[] | null): void {
  scheduler = fsrs(w ? { enable_fuzz: false, w: [...w] } : { enable_fuzz: false });
}

function isGrade(rating: number): rating is Grade {
  return (
    rating === Rating.Again || rating === Rating.Hard || rating === Rating.Good || rating === Rating.Easy
  );
}

/** Time order; reviews at the same instant (two devices) fall back to their ids, so the order is total. */
export function compareReviews(a: ReviewEvent, b: ReviewEvent): number {
  if (a.reviewedAt !== b.reviewedAt) return a.reviewedAt < b.reviewedAt ? -1 : 1;
  const ua = a.uid ?? '';
  const ub = b.uid ?? '';
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

/** The card after all its reviews (a new card when there are none). Rows of other cards are ignored. */
export function replayCard(reviews: readonly ReviewEvent[], cardId?: string): Card {
  const own = (cardId === undefined ? reviews : reviews.filter((r) => r.cardId === cardId))
    .filter((r) => isGrade(r.rating) && !Number.isNaN(Date.parse(r.reviewedAt)))
    .slice()
    .sort(compareReviews);
  if (own.length === 0) return createEmptyCard(new Date(0));
  let card = createEmptyCard(new Date(own[0]!.reviewedAt));
  for (const review of own) {
    card = scheduler.next(card, new Date(review.reviewedAt), review.rating as Grade).card;
  }
  return card;
}

/** Each of a card's reviews with the card as it stood just before it (its state and interval then), in order. */
export function replaySteps<T extends ReviewEvent>(
  reviews: readonly T[],
): Array<{ review: T; before: Card }> {
  const own = reviews
    .filter((r) => isGrade(r.rating) && !Number.isNaN(Date.parse(r.reviewedAt)))
    .slice()
    .sort(compareReviews);
  const steps: Array<{ review: T; before: Card }> = [];
  if (own.length === 0) return steps;
  let card = createEmptyCard(new Date(own[0]!.reviewedAt));
  for (const review of own) {
    steps.push({ review, before: card });
    card = scheduler.next(card, new Date(review.reviewedAt), review.rating as Grade).card;
  }
  return steps;
}

/** The last moment of `now`'s local day: "due today" means due by then. */
export function endOfDay(now: Date): Date {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return end;
}

/**
 * A card never reviewed is due (it is new). A card in its learning steps (graded 'Good 10m', or forgotten and
 * relearning) is due at its moment, not before: serving it again seconds later would undo the step. A card
 * in review (intervals of days) is due on its day, any time of it.
 */
export function isDueToday(card: Card, now: Date): boolean {
  if (card.state === State.New) return true;
  if (card.state === State.Learning || card.state === State.Relearning)
    return card.due.getTime() <= now.getTime();
  return card.due.getTime() <= endOfDay(now).getTime();
}

/** Groups review rows by card. */
export function reviewsByCard<T extends ReviewEvent>(reviews: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const review of reviews) {
    const list = map.get(review.cardId);
    if (list) list.push(review);
    else map.set(review.cardId, [review]);
  }
  return map;
}

/** How many of `cardIds` are due today, given every review row (of any card). */
export function countDueToday(
  cardIds: Iterable<string>,
  byCard: ReadonlyMap<string, readonly ReviewEvent[]>,
  now: Date,
): number {
  let due = 0;
  for (const cardId of cardIds) {
    if (isDueToday(replayCard(byCard.get(cardId) ?? []), now)) due++;
  }
  return due;
}

/** When each grade would bring the card back, for the grade buttons ('1m', '10m', '3d', '2mo'). */
export function gradePreview(card: Card, now: Date): Record<Grade, string> {
  const preview = scheduler.repeat(card, now);
  const label = (grade: Grade) => formatInterval(preview[grade].card.due.getTime() - now.getTime());
  return {
    [Rating.Again]: label(Rating.Again),
    [Rating.Hard]: label(Rating.Hard),
    [Rating.Good]: label(Rating.Good),
    [Rating.Easy]: label(Rating.Easy),
  } as Record<Grade, string>;
}

export function formatInterval(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.round(hours / 24);
  if (days < 31) return `${days}d`;
  const months = Math.round(days / 30);
  if (months < 12) return `${months}mo`;
  return `${Math.round(days / 365)}y`;
}

export { type Card, type Grade, Rating, State };
