// The tag page's 'Related Tags' sidebar: tags that appear on the same posts, with how often (SPEC 2, 9).

export const RELATED_TAGS_MAX = 10;

export interface RelatedTag {
  tag: string;
  count: number;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Up to `max` other tags on posts tagged `tag`, most shared first, then alphabetical. */
export function relatedTags(
  posts: readonly { tags: readonly string[] }[],
  tag: string,
  max: number = RELATED_TAGS_MAX,
): RelatedTag[] {
  const counts = new Map<string, number>();
  for (const post of posts) {
    if (!post.tags.includes(tag)) continue;
    for (const other of new Set(post.tags)) {
      if (other !== tag && other.trim()) counts.set(other, (counts.get(other) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([name, count]) => ({ tag: name, count }))
    .sort((a, b) => b.count - a.count || collator.compare(a.tag, b.tag) || (a.tag < b.tag ? -1 : 1))
    .slice(0, Math.max(0, max));
}
