// The blog home's category tabs (SPEC section 2) and the featured post pulled out of the list.

export type CategoryId = 'all' | 'knowledge' | 'productivity' | 'technology';

export interface CategoryTab {
  id: CategoryId;
  label: string;
  /** A post belongs when one of its tags contains one of these (case-insensitive). Absent for All Posts. */
  match?: readonly string[];
}

export const CATEGORY_TABS: readonly CategoryTab[] = [
  { id: 'all', label: 'All Posts' },
  { id: 'knowledge', label: 'Knowledge Management', match: ['knowledge', 'notes'] },
  { id: 'productivity', label: 'Productivity', match: ['productivity', 'workflow'] },
  { id: 'technology', label: 'Technology', match: ['tech', 'tools'] },
];

export function matchesCategory(post: { tags: readonly string[] }, category: CategoryId): boolean {
  const tab = CATEGORY_TABS.find((t) => t.id === category);
  if (!tab?.match) return true;
  const words = tab.match;
  return post.tags.some((tag) => {
    const lower = tag.toLowerCase();
    return words.some((w) => lower.includes(w));
  });
}

export function postsInCategory<T extends { tags: readonly string[] }>(
  posts: readonly T[],
  category: CategoryId,
): T[] {
  return posts.filter((p) => matchesCategory(p, category));
}

/**
 * The first post is featured unless the visitor is searching or filtering by tag; the tabs list the rest.
 */
export function splitFeatured<T>(
  posts: readonly T[],
  searchingOrFiltering: boolean,
): { featured: T | null; rest: T[] } {
  if (searchingOrFiltering || posts.length === 0) return { featured: null, rest: posts.slice() };
  return { featured: posts[0]!, rest: posts.slice(1) };
}
