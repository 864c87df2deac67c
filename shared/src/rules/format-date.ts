// The date texts of SPEC section 9: cards, the post page, note cards' relative times, admin 'Created … ago'.
import { format, formatDistance } from 'date-fns';
import { formatUtcDay, toDate } from './utc-date.ts';

export const RECENTLY_PUBLISHED = 'Recently published';
export const JUST_NOW = 'just now';

/** 'Mar 5, 2025' (UTC), or 'Recently published' when missing or invalid. */
export function formatCardDate(iso?: string | null): string {
  const date = toDate(iso);
  return date ? formatUtcDay(date, 'MMM d, yyyy') : RECENTLY_PUBLISHED;
}

/** 'March 5, 2025' (UTC), or 'Recently published' when missing or invalid. */
export function formatLongDate(iso?: string | null): string {
  const date = toDate(iso);
  return date ? formatUtcDay(date, 'MMMM d, yyyy') : RECENTLY_PUBLISHED;
}

/** '2025-03-05' (UTC), or '' when missing or invalid: CSV cells and file names. */
export function formatIsoDay(iso?: string | Date | null): string {
  const date = toDate(iso);
  return date ? formatUtcDay(date, 'yyyy-MM-dd') : '';
}

/**
 * 'Mar 5, 2025, 2:07 PM' for the AI history detail. Private screens render only in the browser, so the
 * reader's own time zone is used by default; 'utc' gives the same text everywhere.
 */
export function formatDateTime(iso: string | null | undefined, zone: 'local' | 'utc' = 'local'): string {
  const date = toDate(iso);
  if (!date) return '';
  const shown =
    zone === 'utc'
      ? new Date(
          date.getUTCFullYear(),
          date.getUTCMonth(),
          date.getUTCDate(),
          date.getUTCHours(),
          date.getUTCMinutes(),
          date.getUTCSeconds(),
        )
      : date;
  return format(shown, 'MMM d, yyyy, h:mm a');
}

/**
 * '5 minutes ago', 'about 2 hours ago', 'less than a minute ago'; 'just now' when missing or invalid.
 * A time slightly ahead of `now` (another device's clock) reads as now rather than 'in 2 minutes'.
 */
export function relativeTime(iso: string | null | undefined, now: Date | number = Date.now()): string {
  const date = toDate(iso);
  if (!date) return JUST_NOW;
  const reference = typeof now === 'number' ? new Date(now) : now;
  const then = date.getTime() > reference.getTime() ? reference : date;
  return formatDistance(then, reference, { addSuffix: true });
}

/** 'Created 3 days ago' on admin post cards. */
export function createdAgo(iso: string | null | undefined, now: Date | number = Date.now()): string {
  return `Created ${relativeTime(iso, now)}`;
}
