// The checks a word index cannot make: quoted phrases in order, and excluded phrases absent.
import { foldText } from './fold-text.ts';
import type { SearchQuery } from './parse-search-query.ts';
import { tokenizeForSearch } from './tokenize.ts';

const SPACE_RE = /\s+/g;

function normalizeForPhrase(text: string): string {
  return foldText(text).replace(SPACE_RE, ' ').trim();
}

/**
 * The checks the index cannot make from words alone: each quoted phrase appears as written (case, accents
 * and runs of spaces aside), and no excluded phrase does.
 */
export function passesTextChecks(
  note: { title: string; content: string; tags: readonly string[] },
  query: SearchQuery,
): boolean {
  const multiWordExcludes = query.excludes.filter((e) => tokenizeForSearch(e).length > 1);
  if (query.phrases.length === 0 && multiWordExcludes.length === 0) return true;
  const text = normalizeForPhrase(`${note.title}\n${note.content}\n${note.tags.join('\n')}`);
  return (
    query.phrases.every((p) => text.includes(normalizeForPhrase(p))) &&
    !multiWordExcludes.some((p) => text.includes(normalizeForPhrase(p)))
  );
}
