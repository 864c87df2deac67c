// The search box's syntax: plain words (all must match, the last one as a prefix while typing), "quoted
// phrases" (the words in that order), -word or -"phrase" to exclude, tag:name (tag:"two words") to keep only
// notes with that tag and -tag:name to leave them out.

export interface SearchQuery {
  /** Words to find, as typed (folding and splitting happen in the index). */
  words: string[];
  /** Quoted phrases, as typed: each must appear as written (case and accents folded). */
  phrases: string[];
  /** Words or phrases a note must not contain. */
  excludes: string[];
  /** Tags the note must carry (case-insensitive). */
  tags: string[];
  /** Tags the note must not carry (-tag:name). */
  excludeTags: string[];
  /** Whether the query ends while a word is still being typed (no space after the last word). */
  open: boolean;
}

const TOKEN_RE = /(-?)(?:(tag):)?(?:"([^"]*)"?|(\S+))/gi;

export function parseSearchQuery(input: string): SearchQuery {
  const query: SearchQuery = { words: [], phrases: [], excludes: [], tags: [], excludeTags: [], open: false };
  for (const match of input.matchAll(TOKEN_RE)) {
    const [, minus, tagKey, quoted, bare] = match;
    const value = (quoted ?? bare ?? '').trim();
    if (!value) continue;
    if (tagKey) {
      (minus ? query.excludeTags : query.tags).push(value);
    } else if (minus) {
      // A lone "-" is a word, not an exclusion of nothing.
      query.excludes.push(value);
    } else if (quoted !== undefined) {
      query.phrases.push(value);
    } else {
      query.words.push(value);
    }
  }
  query.open = query.words.length > 0 && /[^\s"]$/.test(input) && !/(^|\s)-?tag:\S*$/i.test(input);
  return query;
}

/** Whether the query asks for anything at all. */
export function isEmptySearchQuery(query: SearchQuery): boolean {
  return (
    query.words.length === 0 &&
    query.phrases.length === 0 &&
    query.excludes.length === 0 &&
    query.tags.length === 0 &&
    query.excludeTags.length === 0
  );
}
