// Ranked full-text search over notes (title, content, tags), the same in the browser and on the server: BM25
// with the title weighted highest, every word required, the word being typed matched as a prefix, one typo
// forgiven in words of five letters or more, case and accents folded, CJK found by character pairs, and a
// word also matched inside longer words (the spec's substring search stays the floor). Kept incrementally
// (notes are put and removed one at a time) in a compact index that saves and loads as typed arrays.
import { CompactIndex, type SavedCompactIndex, type Scores } from './compact-index.ts';
import { foldText } from './fold-text.ts';
import { isEmptySearchQuery, type SearchQuery } from './parse-search-query.ts';
import { isCjkTerm, tokenizeForSearch } from './tokenize.ts';

export interface SearchableNote<Id extends string | number = string | number> {
  id: Id;
  title: string;
  content: string;
  tags: readonly string[];
}

export interface SearchHit<Id extends string | number = string | number> {
  id: Id;
  score: number;
  /** Folded words to mark in the passage: the query's own words and the words a typo matched. */
  terms: string[];
}

export type SavedSearchIndex = SavedCompactIndex;

/** Field weights (title, content, tags): a note titled with the word ranks above notes that only mention it. */
export const SEARCH_FIELD_BOOST: readonly [number, number, number] = [4, 1, 2];
/** Words this long or longer forgive one wrong, missing or extra letter. */
export const TYPO_MIN_LENGTH = 5;
/** Shorter words are not looked for inside longer words. */
const INFIX_MIN_LENGTH = 3;
/** How much a match counts that is not the word itself. */
const WEIGHT = { exact: 1, prefix: 0.5, typo: 0.45, infix: 0.3 } as const;
/** A word being typed stands for at most this many words it begins (the most common first). */
const PREFIX_MAX_TERMS = 16;
/** A word is looked for inside at most this many longer words (the most common first). */
const INFIX_MAX_TERMS = 32;
const TAG_SEPARATOR = '\u0000';

type Candidate = { term: string; weight: number };

export class NoteSearchIndex<Id extends string | number = string | number> {
  #index: CompactIndex<Id>;

  private constructor(index: CompactIndex<Id>) {
    this.#index = index;
  }

  static create<Id extends string | number>(): NoteSearchIndex<Id> {
    return new NoteSearchIndex(new CompactIndex<Id>());
  }

  /** An index saved with save(); throws when the data is not one. */
  static load<Id extends string | number>(saved: SavedSearchIndex): NoteSearchIndex<Id> {
    return new NoteSearchIndex(CompactIndex.load<Id>(saved));
  }

  save(): SavedSearchIndex {
    return this.#index.save();
  }

  get size(): number {
    return this.#index.size;
  }

  has(id: Id): boolean {
    return this.#index.has(id);
  }

  ids(): IterableIterator<Id> {
    return this.#index.ids();
  }

  /** What `put` was given as the note's stamp (its updatedAt or version), to find notes changed since. */
  stampOf(id: Id): string | null {
    return this.#index.stampOf(id);
  }

  /** Adds the note, or replaces what was indexed under its id. */
  put(note: SearchableNote<Id>, stamp: string | null = null): void {
    const tags = note.tags.map(foldText);
    this.#index.put(
      note.id,
      {
        title: tokenizeForSearch(note.title),
        content: tokenizeForSearch(note.content),
        tags: tags.flatMap(tokenizeForSearch),
      },
      stamp,
      tags.join(TAG_SEPARATOR),
    );
  }

  remove(id: Id): void {
    this.#index.remove(id);
  }

  /**
   * The notes matching the query's words, phrases' words, tags and exclusions, best first. Phrases are matched
   * word by word here; `passesTextChecks` then checks their order against each note's text. Null for an empty
   * query (nothing to rank: the caller keeps its own order).
   */
  search(query: SearchQuery): SearchHit<Id>[] | null {
    if (isEmptySearchQuery(query)) return null;
    const index = this.#index;
    const wordTokens = query.words.flatMap(tokenizeForSearch);
    const tokens = [
      ...wordTokens.map((token, i) => ({ token, typing: query.open && i === wordTokens.length - 1 })),
      ...query.phrases.flatMap(tokenizeForSearch).map((token) => ({ token, typing: false })),
    ];
    const highlight = new Set<string>();
    let result: Scores | null = null;
    // Words with a query word in them, and words one edit away, found in one pass over the vocabulary.
    for (const { token, typing } of tokens) {
      highlight.add(token);
      const candidates = this.#candidates(token, typing, highlight);
      const scores = index.scoreAny(candidates, SEARCH_FIELD_BOOST);
      result = result === null ? scores : intersect(result, scores);
      if (result.docs.length === 0) return [];
    }
    const found = result ?? { docs: index.liveDocs(), scores: null };
    const excluded = new Set<number>();
    for (const phrase of query.excludes) {
      const words = tokenizeForSearch(phrase);
      if (words.length !== 1) continue; // a phrase: see passesTextChecks
      for (const doc of index.scoreAny([{ term: words[0]!, weight: 1 }], SEARCH_FIELD_BOOST).docs)
        excluded.add(doc);
    }
    const wanted = query.tags.map(foldText);
    const unwanted = query.excludeTags.map(foldText);
    const hits: SearchHit<Id>[] = [];
    const terms = [...highlight];
    for (const doc of found.docs) {
      if (excluded.has(doc)) continue;
      const score = found.scores ? found.scores[doc]! : 0;
      if (wanted.length > 0 || unwanted.length > 0) {
        const tags = index.tagsOf(doc).split(TAG_SEPARATOR);
        if (!wanted.every((t) => tags.includes(t)) || unwanted.some((t) => tags.includes(t))) continue;
      }
      const id = index.idOf(doc);
      if (id !== null) hits.push({ id, score, terms });
    }
    return hits.sort((a, b) => b.score - a.score);
  }

  #candidates(token: string, typing: boolean, highlight: Set<string>): Candidate[] {
    const index = this.#index;
    const cjk = isCjkTerm(token);
    const out: Candidate[] = [];
    const seen = new Set<string>();
    const add = (term: string, weight: number) => {
      if (seen.has(term)) return;
      seen.add(term);
      out.push({ term, weight });
    };
    if (index.df(token) > 0) add(token, WEIGHT.exact);
    if ((typing && token.length >= 2) || (cjk && token.length === 1)) {
      for (const term of mostCommon(index.termsWithPrefix(token), PREFIX_MAX_TERMS, index))
        add(term, WEIGHT.prefix);
    }
    const infix = cjk ? token.length === 1 : token.length >= INFIX_MIN_LENGTH;
    const typo = !cjk && token.length >= TYPO_MIN_LENGTH;
    if (infix || typo) {
      const inside: string[] = [];
      for (const term of index.sortedTerms()) {
        if (infix && term.indexOf(token, 1) > 0) inside.push(term);
        else if (
          typo &&
          Math.abs(term.length - token.length) <= 1 &&
          term !== token &&
          withinOneEdit(term, token)
        ) {
          add(term, WEIGHT.typo);
          highlight.add(term);
        }
      }
      for (const term of mostCommon(inside, INFIX_MAX_TERMS, index)) add(term, WEIGHT.infix);
    }
    return out;
  }
}

function mostCommon(terms: string[], max: number, index: { df(term: string): number }): string[] {
  if (terms.length <= max) return terms;
  return terms.sort((a, b) => index.df(b) - index.df(a)).slice(0, max);
}

/** Notes found by both parts, their scores added (into the smaller part's arrays). */
function intersect(a: Scores, b: Scores): Scores {
  const [small, large] = a.docs.length <= b.docs.length ? [a, b] : [b, a];
  const docs: number[] = [];
  for (const doc of small.docs) {
    const other = large.scores[doc]!;
    if (other > 0) {
      small.scores[doc]! += other;
      docs.push(doc);
    }
  }
  return { docs, scores: small.scores };
}

/** Whether one substitution, insertion or deletion turns `a` into `b` (they differ). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a.length < b.length) [a, b] = [b, a];
  if (a.length - b.length > 1) return false;
  let i = 0;
  while (i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.slice(i + 1) === b.slice(i);
}
