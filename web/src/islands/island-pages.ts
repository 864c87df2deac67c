// Which pages an anonymous visitor gets as islands (docs/decisions/public-islands.md): the blog, its posts
// and tags, the legal pages and the newsletter's pages, and a page not found. The sign-in page and the
// owner's screens keep the whole app.
const ISLAND_ROUTES: ReadonlySet<string> = new Set([
  '__root__',
  // Signed out, '/' is the blog home.
  '/',
  '/blog/',
  '/blog/post/$id/{-$slug}',
  '/blog/tags/',
  '/blog/tags/$tag',
  '/privacy-policy',
  '/terms-of-service',
  '/subscribe/confirm',
  '/unsubscribe',
]);

/** True when every route the request matched is one of the public pages (ids as the router names them). */
export function isIslandPage(routeIds: readonly string[]): boolean {
  return routeIds.length > 0 && routeIds.every((id) => ISLAND_ROUTES.has(id));
}
