// Dates in exported files: RFC 3339 in UTC ("2026-01-10T09:00:00.000Z"); and the looser dates found in other
// apps' front matter ("2024-05-01", "2024-05-01 10:00", Evernote's "20240501T100000Z") read back as ISO.

export function toRfc3339Utc(iso: string): string {
  return new Date(iso).toISOString();
}

const EVERNOTE_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** An ISO date string, or null when the value is not a date. Dates without a zone are read as UTC. */
export function parseLooseDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number' && Number.isFinite(value)) {
    // Seconds or milliseconds since 1970, as some tools write them.
    const ms = value < 1e11 ? value * 1000 : value;
    return new Date(ms).toISOString();
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const evernote = EVERNOTE_DATE.exec(text);
  if (evernote) {
    const [, y, mo, d, h, mi, s] = evernote;
    return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`).toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  let normal = text.replace(' ', 'T');
  // A date alone, or a time without a zone: UTC, so the same file reads the same in every time zone.
  if (/^\d{4}-\d{2}-\d{2}$/.test(normal)) normal += 'T00:00:00Z';
  else if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(normal)) normal += 'Z';
  const time = Date.parse(normal);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
