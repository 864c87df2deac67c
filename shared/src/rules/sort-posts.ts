// Blog home sorts (SPEC section 9): Most Recent, Oldest First, Most Popular (longest read first).
import { z } from 'zod';

export const POST_SORTS = ['recent', 'oldest', 'popular'] as const;
export type PostSort = (typeof POST_SORTS)[number];
export const DEFAULT_POST_SORT: PostSort = 'recent';
// Marked pure so a bundle that only sorts (the public blog) leaves zod out.
const PostSortEnum = /* @__PURE__ */ z.enum(POST_SORTS);
export const PostSortSchema = /* @__PURE__ */ PostSortEnum.catch(DEFAULT_POST_SORT);

export const POST_SORT_LABELS: Record<PostSort, string> = {
  recent: 'Most Recent',
  oldest: 'Oldest First',
  popular: 'Most Popular',
};

export interface SortablePost {
  readTime: number;
  createdAt?: string | null;
}

/**
 * A sorted copy. Dates are the creation dates: a published post's publication date moves with every edit,
 * which would reshuffle the blog whenever a typo is fixed. Popular ties go to the more recent post.
 */
export function sortPosts<T extends SortablePost>(
  posts: readonly T[],
  sort: PostSort = DEFAULT_POST_SORT,
): T[] {
  const keys = posts.map((p) => timeOf(p.createdAt));
  const indices = posts.map((_, i) => i);
  const byRecent = (a: number, b: number) => keys[b]! - keys[a]! || 0;
  indices.sort((a, b) => {
    if (sort === 'oldest') return keys[a]! - keys[b]! || a - b;
    if (sort === 'popular') return posts[b]!.readTime - posts[a]!.readTime || byRecent(a, b) || a - b;
    return byRecent(a, b) || a - b;
  });
  return indices.map((i) => posts[i]!);
}

function timeOf(iso: string | null | undefined): number {
  const time = iso ? Date.parse(iso) : Number.NaN;
  // Missing dates count as the oldest; a finite stand-in keeps the subtraction in the comparator a number.
  return Number.isNaN(time) ? -8.64e15 : time;
}
