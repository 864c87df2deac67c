// Tag statistics for the blog: the All Categories panel, the all-tags page and its three sorts (SPEC 2, 9).
import { z } from 'zod';

export interface TagCount {
  tag: string;
  count: number;
  /** The newest creation date among the tag's posts (ISO), or null when none has one. */
  latest: string | null;
}

export const TAG_SORTS = ['frequency', 'alphabetical', 'recent'] as const;
export type TagSort = (typeof TAG_SORTS)[number];
// Marked pure so a bundle that only counts tags (the public blog) leaves zod out.
const TagSortEnum = /* @__PURE__ */ z.enum(TAG_SORTS);
export const TagSortSchema = /* @__PURE__ */ TagSortEnum.catch('frequency');
export const TAG_SORT_LABELS: Record<TagSort, string> = {
  frequency: 'Most Popular',
  alphabetical: 'Alphabetical',
  recent: 'Recently Active',
};

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: TagCount, b: TagCount) =>
  collator.compare(a.tag, b.tag) || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0);

/** Every tag with its post count, most used first (then alphabetical). Tags are counted once per post. */
export function tagCounts(
  posts: readonly { tags: readonly string[]; createdAt?: string | null }[],
): TagCount[] {
  const counts = new Map<string, { count: number; latest: string | null; latestMs: number }>();
  for (const post of posts) {
    const time = post.createdAt ? Date.parse(post.createdAt) : Number.NaN;
    for (const tag of new Set(post.tags)) {
      if (!tag.trim()) continue;
      const entry = counts.get(tag) ?? { count: 0, latest: null, latestMs: Number.NEGATIVE_INFINITY };
      entry.count++;
      if (time > entry.latestMs) {
        entry.latestMs = time;
        entry.latest = post.createdAt ?? null;
      }
      counts.set(tag, entry);
    }
  }
  const list = [...counts].map(([tag, e]) => ({ tag, count: e.count, latest: e.latest }));
  return sortTags(list, 'frequency');
}

/** A sorted copy: by count (desc), by name, or by latest post (desc); ties by name. */
export function sortTags(tags: readonly TagCount[], sort: TagSort): TagCount[] {
  const list = tags.slice();
  if (sort === 'alphabetical') return list.sort(byName);
  if (sort === 'recent') {
    const ms = (t: TagCount) => (t.latest ? Date.parse(t.latest) || 0 : Number.NEGATIVE_INFINITY);
    return list.sort((a, b) => {
      const d = ms(b) - ms(a);
      return (Number.isNaN(d) ? 0 : d) || byName(a, b);
    });
  }
  return list.sort((a, b) => b.count - a.count || byName(a, b));
}

/** Tags whose name contains the trimmed search text, case-insensitively ('Search tags...'). */
export function filterTags(tags: readonly TagCount[], search: string): TagCount[] {
  const query = search.trim().toLowerCase();
  return query ? tags.filter((t) => t.tag.toLowerCase().includes(query)) : tags.slice();
}

export interface TagGroup {
  letter: string;
  tags: TagCount[];
}

/**
 * Alphabetical sections: the first letter upper-cased with accents removed ('é' under 'E'); tags that do
 * not start with a letter go under '#', after the letters.
 */
export function groupTagsByLetter(tags: readonly TagCount[]): TagGroup[] {
  const groups = new Map<string, TagCount[]>();
  for (const tag of sortTags(tags, 'alphabetical')) {
    const first = tag.tag.trim().normalize('NFD').replace(/\p{M}/gu, '').charAt(0).toUpperCase();
    const letter = /^\p{L}$/u.test(first) ? first : '#';
    const group = groups.get(letter) ?? [];
    group.push(tag);
    groups.set(letter, group);
  }
  return [...groups]
    .map(([letter, list]) => ({ letter, tags: list }))
    .sort((a, b) => (a.letter === '#' ? 1 : b.letter === '#' ? -1 : collator.compare(a.letter, b.letter)));
}
