// FSRS replay: deterministic whatever order the rows arrive in, grades move the due date as FSRS says,
// and "due today" follows the local day.
import { describe, expect, it } from 'vitest';
import {
  countDueToday,
  endOfDay,
  formatInterval,
  gradePreview,
  isDueToday,
  Rating,
  type ReviewEvent,
  replayCard,
  reviewsByCard,
  State,
} from './card-schedule.ts';

const at = (iso: string) => new Date(iso);
const review = (uid: string, rating: number, reviewedAt: string, cardId = 'fc-1'): ReviewEvent => ({
  uid,
  cardId,
  rating,
  reviewedAt,
});

describe('replayCard', () => {
  it('is a new card with no reviews, and due', () => {
    const card = replayCard([]);
    expect(card.state).toBe(State.New);
    expect(card.reps).toBe(0);
    expect(isDueToday(card, at('2026-11-20T12:00:00'))).toBe(true);
  });

  it('gives the same card whatever order the rows are in (two devices, different arrival order)', () => {
    const rows = [
      review('a', Rating.Good, '2026-11-01T09:00:00.000Z'),
      review('b', Rating.Good, '2026-11-01T09:10:00.000Z'),
      review('c', Rating.Hard, '2026-11-04T08:00:00.000Z'),
      review('d', Rating.Easy, '2026-11-10T08:00:00.000Z'),
    ];
    const forward = replayCard(rows);
    const shuffled = replayCard([rows[2]!, rows[0]!, rows[3]!, rows[1]!]);
    expect(shuffled).toEqual(forward);
    expect(forward.reps).toBe(4);
    expect(forward.state).toBe(State.Review);
    expect(forward.last_review?.toISOString()).toBe('2026-11-10T08:00:00.000Z');
  });

  it('ignores other cards and ratings that are not grades', () => {
    const rows = [
      review('a', Rating.Good, '2026-11-01T09:00:00.000Z'),
      review('x', Rating.Again, '2026-11-01T09:05:00.000Z', 'fc-2'),
      review('y', 0, '2026-11-01T09:06:00.000Z'),
      review('z', 9, '2026-11-01T09:07:00.000Z'),
    ];
    expect(replayCard(rows, 'fc-1')).toEqual(replayCard([rows[0]!]));
  });

  it('schedules Easy further out than Good, and Good further than Again', () => {
    const t = '2026-11-01T09:00:00.000Z';
    const due = (rating: number) => replayCard([review('a', rating, t)]).due.getTime();
    expect(due(Rating.Again)).toBeLessThan(due(Rating.Good));
    expect(due(Rating.Good)).toBeLessThan(due(Rating.Easy));
    // A first Again comes back within minutes (a learning step), Easy after days.
    expect(due(Rating.Again) - Date.parse(t)).toBeLessThanOrEqual(10 * 60_000);
    expect(due(Rating.Easy) - Date.parse(t)).toBeGreaterThanOrEqual(24 * 3600_000);
  });

  it('a lapse after a review sends the card back to relearning', () => {
    const card = replayCard([
      review('a', Rating.Easy, '2026-11-01T09:00:00.000Z'),
      review('b', Rating.Again, '2026-11-20T09:00:00.000Z'),
    ]);
    expect(card.state).toBe(State.Relearning);
    expect(card.lapses).toBe(1);
  });
});

describe('due today', () => {
  it('counts new cards, learning cards once their step has passed, and review cards due by the end of the day', () => {
    const now = at('2026-11-01T10:00:00');
    const rows = [
      review('a', Rating.Good, now.toISOString(), 'fc-learning'), // 'Good 10m': back in 10 minutes
      review('b', Rating.Easy, now.toISOString(), 'fc-easy'), // back in days
    ];
    const byCard = reviewsByCard(rows);
    // Right after the grade, the learning card is not due again: its step is 10 minutes.
    expect(countDueToday(['fc-new', 'fc-learning', 'fc-easy'], byCard, now)).toBe(1);
    expect(countDueToday(['fc-learning'], byCard, at('2026-11-01T10:05:00'))).toBe(0);
    expect(countDueToday(['fc-learning'], byCard, at('2026-11-01T10:11:00'))).toBe(1);
    // Days later the easy card is due again.
    expect(countDueToday(['fc-easy'], byCard, at('2026-12-15T10:00:00'))).toBe(1);
  });

  it('ends the day at local midnight', () => {
    const end = endOfDay(at('2026-11-01T10:00:00'));
    expect([end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([23, 59, 59]);
    expect(end.getDate()).toBe(1);
  });
});

describe('grade preview', () => {
  it('labels each grade with when the card would come back', () => {
    const now = at('2026-11-01T10:00:00Z');
    const preview = gradePreview(replayCard([]), now);
    expect(preview[Rating.Again]).toBe('1m');
    expect(preview[Rating.Good]).toBe('10m');
    expect(preview[Rating.Easy]).toMatch(/^\d+d$/);
  });

  it('formats intervals in the largest sensible unit', () => {
    expect(formatInterval(30_000)).toBe('1m');
    expect(formatInterval(90 * 60_000)).toBe('2h');
    expect(formatInterval(3 * 86_400_000)).toBe('3d');
    expect(formatInterval(90 * 86_400_000)).toBe('3mo');
    expect(formatInterval(800 * 86_400_000)).toBe('2y');
  });
});
