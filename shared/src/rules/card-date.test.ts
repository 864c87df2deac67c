// card-date.ts must give the same texts as the date-fns formatting it replaced (parseISO, then the UTC day).
import { format, isValid, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatCardDate, formatIsoDay, formatLongDate, parseIsoDate } from './card-date.ts';

function dateFnsDay(iso: string, pattern: string): string | null {
  const date = parseISO(iso);
  if (!isValid(date)) return null;
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 12), pattern);
}

describe('card dates without date-fns', () => {
  it('matches date-fns for a spread of instants across years, months and times of day', () => {
    // A fixed pseudo-random walk, so a failure names a reproducible input.
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const iso = new Date(
        Date.UTC(1990, 0, 1) + (seed % (60 * 365)) * 86_400_000 + (seed % 86_400_000),
      ).toISOString();
      expect(formatCardDate(iso)).toBe(dateFnsDay(iso, 'MMM d, yyyy'));
      expect(formatLongDate(iso)).toBe(dateFnsDay(iso, 'MMMM d, yyyy'));
      expect(formatIsoDay(iso)).toBe(dateFnsDay(iso, 'yyyy-MM-dd'));
    }
  });

  it('reads offsets, local times and fractions as parseISO does', () => {
    const inputs = [
      '2026-11-22T00:30:00.000Z',
      '2026-11-22T01:30:00+05:00',
      '2026-11-21T23:30:00-0130',
      '2026-11-22T12:00:00+05',
      '2026-11-22T10:15',
      '2026-11-22',
      '2026-11-22 08:00:00.123456Z',
      '2024-02-29T12:00:00Z',
    ];
    for (const iso of inputs) {
      expect(parseIsoDate(iso)?.getTime()).toBe(parseISO(iso).getTime());
      expect(formatCardDate(iso)).toBe(dateFnsDay(iso, 'MMM d, yyyy'));
    }
    expect(formatCardDate('2026-11-22T08:00:00.000Z')).toBe('Nov 22, 2026');
    expect(formatLongDate('2026-11-22T08:00:00.000Z')).toBe('November 22, 2026');
  });

  it('rejects what parseISO rejects', () => {
    for (const bad of [
      'not a date',
      '2023-02-29T10:00:00Z',
      '2026-13-01',
      '2026-04-31',
      '2026-11-22T25:00:00Z',
      'Nov 22, 2026',
    ]) {
      expect(isValid(parseISO(bad))).toBe(false);
      expect(parseIsoDate(bad)).toBeNull();
      expect(formatCardDate(bad)).toBe('Recently published');
      expect(formatIsoDay(bad)).toBe('');
    }
  });
});
