// The passage a search result shows: the part of the note around the first matched word, with every matched
// word in it marked. Matching happens in folded text (foldWithMap), marking in the text as written.
import { foldWithMap } from './fold-text.ts';

export interface SnippetPart {
  text: string;
  match: boolean;
}

const WORD_CHAR_RE = /[\p{L}\p{N}]/u;

/**
 * Up to about `length` characters of `text` around the first place one of `terms` (folded, as the index
 * returns them) occurs, split into marked and unmarked parts. Without a match, the start of the text.
 */
export function searchSnippet(text: string, terms: readonly string[], length = 160): SnippetPart[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const { folded, origin } = foldWithMap(flat);
  const ranges: Array<[number, number]> = [];
  for (const term of new Set(terms)) {
    if (!term) continue;
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      ranges.push([origin[at]!, origin[at + term.length]!]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  // Start and end at word boundaries, so the passage never opens or closes mid-word.
  while (start > 0 && WORD_CHAR_RE.test(flat[start - 1] ?? '')) start--;
  let end = Math.min(flat.length, start + length);
  while (end < flat.length && WORD_CHAR_RE.test(flat[end] ?? '')) end++;
  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: '…', match: false });
  let cursor = start;
  for (const [from, to] of ranges) {
    if (from < cursor || from >= end) continue;
    if (from > cursor) parts.push({ text: flat.slice(cursor, from), match: false });
    parts.push({ text: flat.slice(from, Math.min(to, end)), match: true });
    cursor = Math.min(to, end);
  }
  if (cursor < end) parts.push({ text: flat.slice(cursor, end), match: false });
  if (end < flat.length) parts.push({ text: '…', match: false });
  return parts;
}
