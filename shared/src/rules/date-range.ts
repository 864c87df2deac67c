// The notes date-range filter (week, month, year on updatedAt), the same on the notes screen and GET /api/notes.
import { subDays, subMonths, subYears } from 'date-fns';
import type { DateRange } from '../schemas/note.ts';

/** The earliest time inside the range, or null for 'all' (and anything unknown). */
export function dateRangeStart(
  range: DateRange | null | undefined,
  now: Date | number = Date.now(),
): Date | null {
  switch (range) {
    case 'week':
      return subDays(now, 7);
    case 'month':
      return subMonths(now, 1);
    case 'year':
      return subYears(now, 1);
    default:
      return null;
  }
}

/** Whether an ISO time falls in the range; a missing or invalid time is outside every range but 'all'. */
export function isInDateRange(
  iso: string | null | undefined,
  range: DateRange | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  const start = dateRangeStart(range, now);
  if (!start) return true;
  const time = iso ? Date.parse(iso) : Number.NaN;
  return time >= start.getTime();
}
