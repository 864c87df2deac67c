// Dates read from ISO strings, without date-fns' formatting (and its locale).
import { isValid, parseISO } from 'date-fns';

/** A Date from an ISO string or Date; null when missing or invalid. */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}
