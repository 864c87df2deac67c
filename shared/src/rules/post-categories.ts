// The blog home's category tabs (SPEC section 2) and the featured post pulled out of the list.

import type { SiteCategory } from '../site-defaults.ts';

/** 'all', or the position of one of the site's categories ('c0', 'c1', …). */
export type CategoryId = string;

export interface CategoryTab {
  id: CategoryId;
  label: string;
  /** A post belongs when one of its tags contains one of these (case-insensitive). Absent for All Posts. */
  match?: readonly string[];
}

/** All Posts, then the owner's categories (Settings › Site; the spec's three by default). */
export function categoryTabs(categories: readonly SiteCategory[]): CategoryTab[] {
  return [
    { id: 'all', label: 'All Posts' },
    ...categories.map((c, i) => ({ id: `c${i}`, label: c.name, match: c.tags })),
  ];
}

export function matchesCategory(post: { tags: readonly string[] }, tab: CategoryTab | undefined): boolean {
  if (!tab?.match) return true;
  const words = tab.match.map((w) => w.toLowerCase());
  return post.tags.some((tag) => {
    const lower = tag.toLowerCase();
    return words.some((w) => lower.includes(w));
  });
}

export function postsInCategory<T extends { tags: readonly string[] }>(
  posts: readonly T[],
  tab: CategoryTab | undefined,
): T[] {
  return posts.filter((p) => matchesCategory(p, tab));
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
