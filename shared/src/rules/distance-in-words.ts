// "5 minutes ago", "about 2 hours ago": date-fns' formatDistance with its English words and addSuffix, for a time
// at or before `now`, written out here so the notes screen's first paint does not carry date-fns' whole locale
// (its parsers and formatters, ~7 KB gzip; the cards need only these words). differenceInMonths stays date-fns'
// own (calendar months, small). The test compares every branch with formatDistance itself.
import { differenceInMonths } from 'date-fns';

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_ALMOST_TWO_DAYS = 2520;
const MINUTES_IN_MONTH = 43200;

/** The offset date-fns corrects for, so a distance across a daylight-saving change is in wall-clock minutes. */
function offsetMs(date: Date): number {
  const utc = new Date(
    Date.UTC(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
      date.getMilliseconds(),
    ),
  );
  utc.setUTCFullYear(date.getFullYear());
  return date.getTime() - utc.getTime();
}

const words = (count: number, one: string, other: string) =>
  count === 1 ? one : other.replace('#', String(count));

/** How long before `now` the time `then` was (then ≤ now), in date-fns' English words, with " ago". */
export function distanceAgo(then: Date, now: Date): string {
  const seconds = Math.trunc((now.getTime() - then.getTime()) / 1000) || 0;
  const minutes = Math.round((seconds - (offsetMs(now) - offsetMs(then)) / 1000) / 60);
  return `${distanceWords(then, now, minutes)} ago`;
}

function distanceWords(then: Date, now: Date, minutes: number): string {
  if (minutes < 2) return minutes === 0 ? 'less than a minute' : words(minutes, '1 minute', '# minutes');
  if (minutes < 45) return words(minutes, '1 minute', '# minutes');
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return words(Math.round(minutes / 60), 'about 1 hour', 'about # hours');
  if (minutes < MINUTES_IN_ALMOST_TWO_DAYS) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return words(Math.round(minutes / MINUTES_IN_DAY), '1 day', '# days');
  if (minutes < MINUTES_IN_MONTH * 2)
    return words(Math.round(minutes / MINUTES_IN_MONTH), 'about 1 month', 'about # months');
  const months = differenceInMonths(now, then);
  if (months < 12) return words(Math.round(minutes / MINUTES_IN_MONTH), '1 month', '# months');
  const years = Math.trunc(months / 12);
  if (months % 12 < 3) return words(years, 'about 1 year', 'about # years');
  if (months % 12 < 9) return words(years, 'over 1 year', 'over # years');
  return words(years + 1, 'almost 1 year', 'almost # years');
}
