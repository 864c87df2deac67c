import { describe, expect, it } from 'vitest';
import { dateRangeStart, isInDateRange } from './date-range.ts';

const now = new Date('2025-03-31T12:00:00.000Z');

describe('dateRangeStart', () => {
  it('is null for all', () => {
    expect(dateRangeStart('all', now)).toBeNull();
    expect(dateRangeStart(undefined, now)).toBeNull();
  });

  it('goes back 7 days, 1 month or 1 year', () => {
    expect(dateRangeStart('week', now)?.getTime()).toBe(now.getTime() - 7 * 24 * 3600 * 1000);
    expect(dateRangeStart('month', now)?.getMonth()).toBe((now.getMonth() + 11) % 12);
    expect(dateRangeStart('year', now)?.getFullYear()).toBe(now.getFullYear() - 1);
  });
});

describe('isInDateRange', () => {
  it('keeps times inside the range and drops older ones', () => {
    expect(isInDateRange('2025-03-30T00:00:00.000Z', 'week', now)).toBe(true);
    expect(isInDateRange('2025-03-20T00:00:00.000Z', 'week', now)).toBe(false);
    expect(isInDateRange('2025-03-20T00:00:00.000Z', 'month', now)).toBe(true);
    expect(isInDateRange('2024-06-01T00:00:00.000Z', 'year', now)).toBe(true);
    expect(isInDateRange('2023-06-01T00:00:00.000Z', 'year', now)).toBe(false);
  });

  it('drops missing times from every range but all', () => {
    expect(isInDateRange(undefined, 'year', now)).toBe(false);
    expect(isInDateRange('bad', 'week', now)).toBe(false);
    expect(isInDateRange(undefined, 'all', now)).toBe(true);
  });
});
