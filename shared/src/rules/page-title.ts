// Page titles with the brand suffix (DECISIONS: '{page} | Private Notes'), the same on server and client.

export const BRAND = 'Private Notes';

/**
 * '{page} | Private Notes'; the brand alone for an empty page name or one that already ends with it.
 * Public pages pass the site's own title (Settings › Site) as `brand`.
 */
export function pageTitle(page?: string | null, brand: string = BRAND): string {
  const name = page?.trim() ?? '';
  if (!name || name === brand || name.endsWith(` | ${brand}`)) return name || brand;
  return `${name} | ${brand}`;
}
