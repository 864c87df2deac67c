// Tolerant readers for URL search parameters, used by the routes' validateSearch. Plain functions rather
// than zod: route definitions sit in the entry chunk of every page, and even zod/mini costs ~10 KB gzip
// there (docs/decisions/public-pages-ssr-and-bundle.md). A bad value is dropped, never an error page.

/** A string of at most `max` characters, or undefined. */
export function optionalText(value: unknown, max = 200): string | undefined {
  if (typeof value === 'number') return String(value).slice(0, max);
  return typeof value === 'string' && value !== '' && value.length <= max ? value : undefined;
}

/** A positive whole number (also from its string form, as `?edit=7` arrives), or undefined. */
export function optionalPositiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
