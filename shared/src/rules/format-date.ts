// The date texts of SPEC section 9 that need date-fns: date and time, note cards' relative times, admin
// 'Created … ago'. The date-only texts (cards, post page) live in card-date.ts, free of date-fns, because
// public pages ship them; they are re-exported here so both sets keep one import path.
import { format, formatDistance } from 'date-fns';
import { toDate } from './utc-date.ts';

export { formatCardDate, formatIsoDay, formatLongDate, RECENTLY_PUBLISHED } from './card-date.ts';

export const JUST_NOW = 'just now';

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
