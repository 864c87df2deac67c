// The date texts of SPEC section 9 that need date-fns: date and time (the relative times, note cards' and admin
// 'Created … ago', are in relative-time.ts, re-exported here). The date-only texts (cards, post page) live in card-date.ts, free of date-fns, because
// public pages ship them; they are re-exported here so both sets keep one import path.
import { format } from 'date-fns';
import { toDate } from './to-date.ts';

export { formatCardDate, formatIsoDay, formatLongDate, RECENTLY_PUBLISHED } from './card-date.ts';
// The relative times are a module of their own, without date-fns' locale, which the notes screen's first paint
// does not need (relative-time.ts).
export { createdAgo, JUST_NOW, relativeTime } from './relative-time.ts';

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
