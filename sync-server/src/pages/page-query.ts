// Which query parameters a page is rendered and cached with. Only those some page reads (the blog's search
// and tag filter, the mail pages' token, address and result, the sign-in's redirect, the owner's screens' view,
// open, new, edit and message) are kept; any other
// (`?utm_source=…`, `?x=123`) is dropped before rendering, so it neither makes a second copy in the page
// cache nor costs a render: `/blog/post/3/x?any=N` is the same page as `/blog/post/3/x`.

/** Every parameter a route's validateSearch reads (web/src/features/*\/…-search.ts and web/src/routes). */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'search',
  'tag',
  'email',
  'token',
  'redirect',
  'view',
  'edit',
  'message',
  'result',
  'open',
  'new',
]);

/** The path with only the parameters pages use, in a fixed order (the same page has one address). */
export function pageAddress(originalUrl: string): string {
  const q = originalUrl.indexOf('?');
  if (q === -1) return originalUrl;
  const kept = [...new URLSearchParams(originalUrl.slice(q + 1))]
    .filter(([name]) => PAGE_QUERY_PARAMS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const path = originalUrl.slice(0, q);
  return kept.length === 0 ? path : `${path}?${new URLSearchParams(kept)}`;
}
