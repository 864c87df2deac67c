// Related posts for the post sidebar (SPEC section 9): tag overlap divided by tag union, longer read first on ties.

export const RELATED_POSTS_MAX = 3;

interface RelatablePost {
  id: number;
  tags: readonly string[];
  readTime: number;
}

/**
 * Up to `max` other posts sharing at least one tag with `post`, best Jaccard score first; equal scores put
 * the longer read first, then keep the input order. Tags compare case-insensitively.
 */
export function relatedPosts<T extends RelatablePost>(
  post: RelatablePost,
  all: readonly T[],
  max: number = RELATED_POSTS_MAX,
): T[] {
  const own = tagSet(post.tags);
  if (own.size === 0 || max <= 0) return [];
  const scored: { candidate: T; score: number; index: number }[] = [];
  all.forEach((candidate, index) => {
    if (candidate.id === post.id) return;
    const theirs = tagSet(candidate.tags);
    let overlap = 0;
    for (const tag of theirs) if (own.has(tag)) overlap++;
    if (overlap === 0) return;
    scored.push({ candidate, score: overlap / (own.size + theirs.size - overlap), index });
  });
  scored.sort(
    (a, b) => b.score - a.score || b.candidate.readTime - a.candidate.readTime || a.index - b.index,
  );
  return scored.slice(0, max).map((s) => s.candidate);
}

function tagSet(tags: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const tag of tags) {
    const key = tag.trim().toLowerCase();
    if (key) set.add(key);
  }
  return set;
}
