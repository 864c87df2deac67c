// Three-way merge of a note edited on two sides (this device and the server) from the text both last agreed on.
// Content merges by line (merge-text.ts); the title is one line, so it merges only when one side left it alone
// or both made the same change; tags merge as a set: a tag is kept unless a side removed it, and a tag either
// side added is added. Pure: the sync engine decides what to do with the answer.
import { mergeText } from './merge-text.ts';
import { uniqueTags } from './parse-tags.ts';

export interface MergeableNote {
  title: string;
  content: string;
  tags: readonly string[];
}

export interface MergedNote {
  title: string;
  content: string;
  tags: string[];
}

export type NoteMergeResult =
  | { clean: true; note: MergedNote }
  /** Which fields both sides changed differently. */
  | { clean: false; conflicts: Array<'title' | 'content'> };

function mergeTitle(base: string, mine: string, theirs: string): string | null {
  const [b, m, t] = [base.trim(), mine.trim(), theirs.trim()];
  if (m === t || m === b) return t;
  if (t === b) return m;
  return null;
}

/** Case-insensitive, like the tags themselves: 'React' and 'react' are one tag. */
export function mergeTagSets(
  base: readonly string[],
  mine: readonly string[],
  theirs: readonly string[],
): string[] {
  const keys = (tags: readonly string[]) => new Set(tags.map((tag) => tag.trim().toLowerCase()));
  const [b, m, t] = [keys(base), keys(mine), keys(theirs)];
  const removed = (key: string) => b.has(key) && (!m.has(key) || !t.has(key));
  // Their order first (the text the server holds), then what only this device added, in its order.
  return uniqueTags([...theirs, ...mine]).filter((tag) => !removed(tag.toLowerCase()));
}

export function mergeNote(base: MergeableNote, mine: MergeableNote, theirs: MergeableNote): NoteMergeResult {
  const title = mergeTitle(base.title, mine.title, theirs.title);
  const content = mergeText(base.content, mine.content, theirs.content);
  const conflicts: Array<'title' | 'content'> = [];
  if (title === null) conflicts.push('title');
  if (!content.clean) conflicts.push('content');
  if (title === null || !content.clean) return { clean: false, conflicts };
  return {
    clean: true,
    note: { title, content: content.text, tags: mergeTagSets(base.tags, mine.tags, theirs.tags) },
  };
}
