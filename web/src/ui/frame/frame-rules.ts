// Where the frame shows its parts (SPEC section 2, global layout).
/** The navigation bar is hidden on paths starting with /auth. */
export function showsNavBar(pathname: string): boolean {
  return !pathname.startsWith('/auth');
}

const NO_FOOTER = ['/notes', '/study', '/ai-explanations', '/settings', '/blog/admin'];

/** The footer is hidden on the owner's working screens and every /admin/* path. */
export function showsFooter(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin' || path.startsWith('/admin/')) return false;
  return !NO_FOOTER.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The blog's reading pages (home, posts, tags), where saved copies are read offline; not its admin. */
export function isBlogReadingPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    (path === '/blog' || path.startsWith('/blog/')) &&
    path !== '/blog/admin' &&
    !path.startsWith('/blog/admin/')
  );
}
