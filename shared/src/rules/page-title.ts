// Page titles with the brand suffix (DECISIONS: '{page} | Private Notes'), the same on server and client.

export const BRAND = 'Private Notes';

/** '{page} | Private Notes'; the brand alone for an empty page name or one that already ends with it. */
export function pageTitle(page?: string | null): string {
  const name = page?.trim() ?? '';
  if (!name || name === BRAND || name.endsWith(` | ${BRAND}`)) return name || BRAND;
  return `${name} | ${BRAND}`;
}
