// Dates formatted in UTC with date-fns' fixed English locale, so server-rendered pages match the browser's.
import { format } from 'date-fns';

export { toDate } from './to-date.ts';

/**
 * Formats the UTC calendar day of `date` with a date-only pattern. date-fns formats in the runtime's time
 * zone, so the UTC day is moved to local noon first: noon exists on every local day (no DST gap).
 */
export function formatUtcDay(date: Date, pattern: string): string {
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 12), pattern);
}
