// The slug rule of SPEC section 5, and the post path built from it, shared by links, redirects and the sitemap.

/**
 * Lowercase, trimmed, characters other than word characters, spaces and hyphens removed, runs of spaces,
 * underscores and hyphens collapsed to one hyphen, leading and trailing hyphens removed.
 * "Word characters" are JavaScript's `\w` (ASCII letters, digits, underscore), as the spec's rule says.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * `/blog/post/{id}/{slug}`. A title that slugifies to nothing gives `/blog/post/{id}` (the slug is optional
 * in the route), so a post page comparing its URL with this path never redirects in a loop.
 */
export function postPath(post: { id: number; title: string }): string {
  const slug = slugify(post.title);
  return slug ? `/blog/post/${post.id}/${slug}` : `/blog/post/${post.id}`;
}
