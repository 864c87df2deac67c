// Note cards' relative times and admin 'Created … ago' (SPEC section 9). Apart from format-date.ts, whose date
// formats bring date-fns' whole English locale: a bundle keeps or drops whole modules, and the notes screen's first
// paint needs only these (distance-in-words.ts).
import { distanceAgo } from './distance-in-words.ts';
import { toDate } from './to-date.ts';

export const JUST_NOW = 'just now';

/**
 * '5 minutes ago', 'about 2 hours ago', 'less than a minute ago'; 'just now' when missing or invalid.
 * A time slightly ahead of `now` (another device's clock) reads as now rather than 'in 2 minutes'.
 */
export function relativeTime(iso: string | null | undefined, now: Date | number = Date.now()): string {
  const date = toDate(iso);
  if (!date) return JUST_NOW;
  const reference = typeof now === 'number' ? new Date(now) : now;
  const then = date.getTime() > reference.getTime() ? reference : date;
  return distanceAgo(then, reference);
}

/** 'Created 3 days ago' on admin post cards. */
export function createdAgo(iso: string | null | undefined, now: Date | number = Date.now()): string {
  return `Created ${relativeTime(iso, now)}`;
}
