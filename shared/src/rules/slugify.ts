// The slug rule of SPEC section 5, and the public paths built from titles and tags (links, redirects, sitemap).

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

/** A post's slug: the stored one (kept from publication on, or set by the owner), else the title's. */
export function postSlug(post: { title: string; slug?: string | null | undefined }): string {
  return post.slug ?? slugify(post.title);
}

/**
 * `/blog/post/{id}/{slug}`. A slug that is empty gives `/blog/post/{id}` (the slug is optional in the
 * route), so a post page comparing its URL with this path never redirects in a loop.
 */
export function postPath(post: { id: number; title: string; slug?: string | null | undefined }): string {
  const slug = postSlug(post);
  return slug ? `/blog/post/${post.id}/${slug}` : `/blog/post/${post.id}`;
}

/** `/blog/tags/{tag}`, the tag encoded so 'C#' or 'a/b' survive the trip (the route decodes it). */
export function tagPath(tag: string): string {
  return `/blog/tags/${encodeURIComponent(tag)}`;
}
