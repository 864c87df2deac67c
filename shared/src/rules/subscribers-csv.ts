// The subscribers CSV export of SPEC section 7, built in the browser from the loaded list.
import { formatIsoDay } from './card-date.ts';

interface CsvSubscriber {
  email: string;
  name?: string | null;
  interests: readonly string[];
  active: boolean;
  subscribedAt: string;
}

export const SUBSCRIBERS_CSV_HEADER = ['Email', 'Name', 'Interests', 'Status', 'Date Subscribed'] as const;

/** RFC 4180: rows end with CRLF; cells with commas, quotes or line breaks are quoted, quotes doubled. */
export function subscribersCsv(subscribers: readonly CsvSubscriber[]): string {
  const rows: string[][] = [[...SUBSCRIBERS_CSV_HEADER]];
  for (const s of subscribers) {
    rows.push([
      s.email,
      s.name ?? '',
      s.interests.join(', '),
      s.active ? 'Active' : 'Inactive',
      formatIsoDay(s.subscribedAt),
    ]);
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** subscribers_{yyyy-MM-dd}.csv for the given day (UTC). */
export function subscribersCsvFileName(date: Date | string): string {
  return `subscribers_${formatIsoDay(date)}.csv`;
}

/**
 * One cell. Visitors type names and interests, so a cell a spreadsheet would run as a formula
 * (starting with = + - @, tab or carriage return) gets a leading apostrophe first.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
