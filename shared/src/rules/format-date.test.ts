import { describe, expect, it } from 'vitest';
import {
  createdAgo,
  formatCardDate,
  formatDateTime,
  formatIsoDay,
  formatLongDate,
  relativeTime,
} from './format-date.ts';

describe('formatCardDate', () => {
  it('formats MMM d, yyyy', () => {
    expect(formatCardDate('2025-03-05T10:00:00.000Z')).toBe('Mar 5, 2025');
  });

  it('uses the UTC day whatever the offset of the input', () => {
    expect(formatCardDate('2025-03-05T23:30:00.000Z')).toBe('Mar 5, 2025');
    expect(formatCardDate('2025-03-06T01:30:00+05:00')).toBe('Mar 5, 2025');
    expect(formatCardDate('2024-12-31T23:59:59.999Z')).toBe('Dec 31, 2024');
  });

  it('says Recently published when missing or invalid', () => {
    expect(formatCardDate()).toBe('Recently published');
    expect(formatCardDate(null)).toBe('Recently published');
    expect(formatCardDate('')).toBe('Recently published');
    expect(formatCardDate('not a date')).toBe('Recently published');
  });
});

describe('formatLongDate', () => {
  it('formats MMMM d, yyyy', () => {
    expect(formatLongDate('2025-04-12T08:00:00.000Z')).toBe('April 12, 2025');
    expect(formatLongDate(undefined)).toBe('Recently published');
  });
});

describe('formatIsoDay', () => {
  it('formats yyyy-MM-dd in UTC', () => {
    expect(formatIsoDay('2025-01-09T23:59:00.000Z')).toBe('2025-01-09');
    expect(formatIsoDay(new Date(Date.UTC(2026, 10, 1, 0, 0)))).toBe('2026-11-01');
    expect(formatIsoDay('nope')).toBe('');
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-06-10T12:00:00.000Z');

  it('says just now when missing or invalid', () => {
    expect(relativeTime(undefined, now)).toBe('just now');
    expect(relativeTime(null, now)).toBe('just now');
    expect(relativeTime('garbage', now)).toBe('just now');
  });

  it('describes the distance with a suffix', () => {
    expect(relativeTime('2025-06-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2025-06-10T10:00:00.000Z', now)).toBe('about 2 hours ago');
    expect(relativeTime('2025-06-07T12:00:00.000Z', now)).toBe('3 days ago');
    expect(relativeTime('2025-06-10T11:59:50.000Z', now)).toBe('less than a minute ago');
  });

  it('treats a time in the future as now', () => {
    expect(relativeTime('2025-06-10T12:03:00.000Z', now)).toBe('less than a minute ago');
  });

  it('accepts now as a number', () => {
    expect(relativeTime('2025-06-10T11:55:00.000Z', now.getTime())).toBe('5 minutes ago');
  });
});

describe('createdAgo', () => {
  it('prefixes Created', () => {
    expect(createdAgo('2025-06-07T12:00:00.000Z', new Date('2025-06-10T12:00:00.000Z'))).toBe(
      'Created 3 days ago',
    );
  });
});

describe('formatDateTime', () => {
  it('formats date and time in UTC when asked', () => {
    expect(formatDateTime('2025-03-05T14:07:00.000Z', 'utc')).toBe('Mar 5, 2025, 2:07 PM');
    expect(formatDateTime('2025-03-05T00:30:00.000Z', 'utc')).toBe('Mar 5, 2025, 12:30 AM');
  });

  it('formats in the local zone by default', () => {
    const iso = '2025-03-05T14:07:00.000Z';
    expect(formatDateTime(iso)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  });

  it('is empty for a missing or invalid time', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('nope', 'utc')).toBe('');
  });
});
