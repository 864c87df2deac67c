// Dates formatted in UTC with date-fns' fixed English locale, so server-rendered pages match the browser's.
import { format, isValid, parseISO } from 'date-fns';

/** A Date from an ISO string or Date; null when missing or invalid. */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/**
 * Formats the UTC calendar day of `date` with a date-only pattern. date-fns formats in the runtime's time
 * zone, so the UTC day is moved to local noon first: noon exists on every local day (no DST gap).
 */
export function formatUtcDay(date: Date, pattern: string): string {
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 12), pattern);
}
