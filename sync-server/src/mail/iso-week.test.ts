import { describe, expect, it } from 'vitest';
import { isoWeekKey } from './iso-week.ts';

describe('isoWeekKey', () => {
  it.each([
    [new Date(2026, 10, 23, 8), '2026-W48'],
    [new Date(2021, 0, 3, 12), '2020-W53'], // a Sunday still in the last ISO week of 2020
    [new Date(2021, 0, 4, 0), '2021-W01'],
    [new Date(2024, 11, 30, 9), '2025-W01'], // a Monday already in 2025's first week
    [new Date(2030, 0, 7, 9), '2030-W02'],
  ])('%s → %s', (date, key) => {
    expect(isoWeekKey(date)).toBe(key);
  });
});
