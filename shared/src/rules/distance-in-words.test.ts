import { formatDistance } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { distanceAgo } from './distance-in-words.ts';

describe('distanceAgo', () => {
  it('says what date-fns formatDistance (addSuffix) says, at every boundary it has', () => {
    const now = new Date('2025-06-10T12:00:00.000Z');
    const seconds = [
      0,
      1,
      29,
      30,
      59,
      60,
      89,
      90,
      91,
      119,
      120,
      150,
      44 * 60 + 29,
      44 * 60 + 30,
      45 * 60,
      89 * 60 + 29,
      89 * 60 + 30,
      90 * 60,
      150 * 60,
      23 * 3600 + 59 * 60 + 29,
      23 * 3600 + 59 * 60 + 30,
      24 * 3600,
      42 * 3600,
      41 * 3600 + 59 * 60 + 30,
      3 * 86400,
      29 * 86400 + 23 * 3600 + 59 * 60 + 30,
      30 * 86400,
      45 * 86400,
      59 * 86400 + 23 * 3600 + 59 * 60 + 30,
      60 * 86400,
      100 * 86400,
      200 * 86400,
      364 * 86400,
      365 * 86400,
      400 * 86400,
      470 * 86400,
      500 * 86400,
      600 * 86400,
      640 * 86400,
      700 * 86400,
      800 * 86400,
      1000 * 86400,
      3650 * 86400,
      7300 * 86400,
    ];
    for (const s of seconds) {
      for (const extraMs of [0, 499, 999]) {
        const then = new Date(now.getTime() - s * 1000 - extraMs);
        expect(distanceAgo(then, now), `${s} s ${extraMs} ms`).toBe(
          formatDistance(then, now, { addSuffix: true }),
        );
      }
    }
  });

  it('agrees with date-fns over a sweep of distances from every hour of a year', () => {
    const start = new Date(2024, 0, 1, 0, 0, 0).getTime();
    for (let i = 0; i < 2000; i++) {
      const now = new Date(start + i * 4_397_000); // ~every 73 minutes over ~100 days, crossing DST in many zones
      const then = new Date(now.getTime() - ((i * 7_919_311) % (900 * 86_400_000)));
      expect(distanceAgo(then, now)).toBe(formatDistance(then, now, { addSuffix: true }));
    }
  });
});
