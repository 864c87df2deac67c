import { describe, expect, it } from 'vitest';
import { computeStudyStats, formatRetention, localDay } from './study-stats.ts';

const now = new Date(2026, 10, 25, 12); // local noon, 25 Nov 2026
const at = (daysAgo: number, minutes = 0) => new Date(2026, 10, 25 - daysAgo, 9, minutes).toISOString();

describe('computeStudyStats', () => {
  const reviews = [
    // a: learning steps (first grade, then 10 minutes later), then two reviews: a pass and a lapse.
    { uid: 'a1', cardId: 'a', rating: 3, reviewedAt: at(10) },
    { uid: 'a2', cardId: 'a', rating: 3, reviewedAt: at(10, 10) },
    { uid: 'a3', cardId: 'a', rating: 3, reviewedAt: at(7) },
    { uid: 'a4', cardId: 'a', rating: 1, reviewedAt: at(2) },
    // b: Easy twice long ago makes it mature (interval ≥ 21 days); then a pass this month.
    { uid: 'b1', cardId: 'b', rating: 4, reviewedAt: at(120) },
    { uid: 'b2', cardId: 'b', rating: 4, reviewedAt: at(110) },
    { uid: 'b3', cardId: 'b', rating: 3, reviewedAt: at(5) },
    // another card's row, not asked for.
    { uid: 'z1', cardId: 'z', rating: 1, reviewedAt: at(1) },
  ];

  it('counts reviews per day over the last 30 days, oldest first, today last', () => {
    const stats = computeStudyStats(['a', 'b', 'c'], reviews, now);
    expect(stats.reviewsPerDay).toHaveLength(30);
    expect(stats.reviewsPerDay.at(-1)?.day).toBe('2026-11-25');
    expect(stats.reviewsPerDay[0]?.day).toBe('2026-10-27');
    const byDay = Object.fromEntries(stats.reviewsPerDay.map((d) => [d.day, d.count]));
    expect(byDay['2026-11-15']).toBe(2);
    expect(byDay['2026-11-18']).toBe(1);
    expect(byDay['2026-11-23']).toBe(1);
    expect(byDay['2026-11-24']).toBe(0); // card z is not counted
    expect(stats.reviewsPerDay.reduce((sum, d) => sum + d.count, 0)).toBe(5);
    expect(stats).toMatchObject({ cards: 3, newCards: 1, reviews: 7 });
  });

  it('counts true retention over review-state reviews only, young and mature apart', () => {
    const { month, allTime } = computeStudyStats(['a', 'b'], reviews, now).retention;
    // a3 passed and a4 lapsed as young reviews; b3 passed as a mature one. a1, a2 and b1 are not reviews.
    expect(month.young).toEqual({ passed: 1, total: 2 });
    expect(month.mature).toEqual({ passed: 1, total: 1 });
    expect(month.all).toEqual({ passed: 2, total: 3 });
    // b2 (Easy, 10 days after b1, a young review) is older than 30 days: only in the all-time figures.
    expect(allTime.young).toEqual({ passed: 2, total: 3 });
    expect(allTime.all).toEqual({ passed: 3, total: 4 });
    expect(formatRetention(month.all)).toBe('66.7%');
    expect(formatRetention({ passed: 0, total: 0 })).toBe('—');
  });

  it('forecasts due cards per day for the next 30 days, overdue ones today, new ones apart', () => {
    const stats = computeStudyStats(['a', 'b', 'new'], reviews, now);
    expect(stats.dueForecast).toHaveLength(30);
    expect(stats.dueForecast[0]?.day).toBe(localDay(now));
    // a lapsed 2 days ago (relearning, due minutes later): overdue, so counted today. b is due far ahead.
    expect(stats.dueForecast[0]?.count).toBe(1);
    expect(stats.dueForecast.reduce((sum, d) => sum + d.count, 0)).toBeLessThanOrEqual(2);
    expect(stats.newCards).toBe(1);
  });
});
