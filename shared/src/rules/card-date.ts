// The date-only texts of SPEC section 9 (cards, the post page, CSV days), without date-fns: public pages
// ship them in their first visit's JavaScript. The UTC calendar day is shown, so server and browser agree.

export const RECENTLY_PUBLISHED = 'Recently published';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// What date-fns' parseISO accepts for the dates we store: a calendar date, optionally a time, optionally an
// offset ('Z', '+05', '+0500', '+05:00'). Without an offset the time is local, as parseISO reads it.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** A Date from an ISO 8601 string (or a Date); null when missing or invalid (no rollover of '02-30'). */
export function parseIsoDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const part = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hours, minutes, seconds] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const millis = match[7] ? Number(`0.${match[7]}`) * 1000 : 0;
  const daysInMonth =
    new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  const endOfDay = hours === 24 && minutes === 0 && seconds === 0 && millis === 0;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if ((hours > 23 && !endOfDay) || minutes > 59 || seconds > 59) return null;
  const offset = match[8];
  const date = new Date(0);
  if (offset) {
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(hours, minutes, seconds, millis);
    if (offset !== 'Z') {
      const sign = offset[0] === '-' ? -1 : 1;
      const digits = offset.slice(1).replace(':', '');
      const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
      date.setTime(date.getTime() - sign * offsetMinutes * 60_000);
    }
  } else {
    date.setFullYear(year, month - 1, day);
    date.setHours(hours, minutes, seconds, millis);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

function utcDay(iso: string | Date | null | undefined, monthName: (month: number) => string): string | null {
  const date = parseIsoDate(iso);
  if (!date) return null;
  return `${monthName(date.getUTCMonth())} ${date.getUTCDate()}, ${pad(date.getUTCFullYear(), 4)}`;
}

/** 'Mar 5, 2025' (UTC), or 'Recently published' when missing or invalid. */
export function formatCardDate(iso?: string | null): string {
  return utcDay(iso, (month) => (MONTHS[month] ?? '').slice(0, 3)) ?? RECENTLY_PUBLISHED;
}

/** 'March 5, 2025' (UTC), or 'Recently published' when missing or invalid. */
export function formatLongDate(iso?: string | null): string {
  return utcDay(iso, (month) => MONTHS[month] ?? '') ?? RECENTLY_PUBLISHED;
}

/** '2025-03-05' (UTC), or '' when missing or invalid: CSV cells and file names. */
export function formatIsoDay(iso?: string | Date | null): string {
  const date = parseIsoDate(iso);
  if (!date) return '';
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}
