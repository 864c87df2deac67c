// Blog search and tag filtering (SPEC sections 2 and 5), used by the blog home and by GET /api/blog alike.

export interface SearchablePost {
  title: string;
  excerpt?: string | null;
  content: string;
  tags: readonly string[];
}

export interface PostFilters {
  search?: string | null;
  tag?: string | null;
}

/**
 * Posts with the tag (exact match) whose title, excerpt, content or a tag contains the trimmed search text,
 * case-insensitively. An empty search or tag does not filter. Input order is kept.
 */
export function filterPosts<T extends SearchablePost>(posts: readonly T[], filters: PostFilters): T[] {
  const query = filters.search?.trim().toLowerCase() ?? '';
  const tag = filters.tag ?? '';
  return posts.filter((post) => {
    if (tag && !post.tags.includes(tag)) return false;
    if (!query) return true;
    return (
      post.title.toLowerCase().includes(query) ||
      (post.excerpt ?? '').toLowerCase().includes(query) ||
      post.content.toLowerCase().includes(query) ||
      post.tags.some((t) => t.toLowerCase().includes(query))
    );
  });
}
