// Three-way merge of two texts edited from a common base, paragraph by paragraph and then line by line. Each
// side's changes are found against the base (the `diff` package's Myers diff):
// - first by paragraph (a run of lines and the blank lines after it): edits of different paragraphs both apply,
//   even next to each other, since a paragraph is a unit the owner edits as a whole;
// - two sides changing the same paragraph are then merged by line inside it, where only changes that neither
//   overlap nor touch apply (edits of neighbouring lines of one paragraph are too close to trust);
// - the same change made on both sides applies once; different insertions at one place, or any other overlap,
//   is a conflict, and the merge gives up rather than guess an order or pick a winner.
import { diffArrays } from 'diff';

/** One side's replacement of the base tokens [start, end) by `tokens` (an insertion when start === end). */
interface Hunk {
  start: number;
  end: number;
  tokens: string[];
}

type Side = 'mine' | 'theirs';

export type TextMergeResult = { clean: true; text: string } | { clean: false };

/** Lines with their newline ("a\nb" → ["a\n", "b"]), so joining the pieces gives the text back. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Paragraphs: a run of non-blank lines with the blank lines that follow it (leading blank lines stand alone). */
function paragraphs(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let inGap = false;
  for (const line of lines(text)) {
    const blank = line.trim() === '';
    if (!blank && inGap) {
      out.push(current);
      current = '';
    }
    if (blank && current !== '') inGap = true;
    else if (!blank) inGap = false;
    current += line;
  }
  if (current !== '') out.push(current);
  return out;
}

/** CRLF when most of the line endings of `text` are CRLF. */
function usesCrlf(text: string): boolean {
  const all = text.match(/\n/g)?.length ?? 0;
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  return all > 0 && crlf * 2 > all;
}

/** The base ranges one side replaced, in order. */
function hunksOf(base: string[], side: string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let at = 0;
  let open: Hunk | null = null;
  for (const change of diffArrays(base, side)) {
    if (change.added || change.removed) {
      open ??= { start: at, end: at, tokens: [] };
      if (change.removed) {
        at += change.value.length;
        open.end = at;
      } else {
        open.tokens.push(...change.value);
      }
      continue;
    }
    if (open) hunks.push(open);
    open = null;
    at += change.value.length;
  }
  if (open) hunks.push(open);
  return hunks;
}

/**
 * Whether two changes from different sides must be decided together. Paragraphs: when they overlap, or insert at
 * the same place (which goes first is a guess). Lines: also when one ends where the other starts.
 */
function together(a: Hunk, b: Hunk, touching: boolean): boolean {
  if (touching) return a.start <= b.end && b.start <= a.end;
  const insertions = a.start === a.end && b.start === b.end;
  return (a.start < b.end && b.start < a.end) || (insertions && a.start === b.start);
}

/** The side's text for the base range [start, end), which covers all of `hunks`. */
function sideText(base: string[], hunks: readonly Hunk[], start: number, end: number): string {
  let out = '';
  let at = start;
  for (const hunk of hunks) {
    out += base.slice(at, hunk.start).join('') + hunk.tokens.join('');
    at = hunk.end;
  }
  return out + base.slice(at, end).join('');
}

/**
 * Merges token lists; a group of changes both sides made to one stretch goes to `resolve` (null: conflict).
 * Returns the merged text or null.
 */
function mergeTokens(
  base: string[],
  mine: string[],
  theirs: string[],
  touching: boolean,
  resolve: (base: string, mine: string, theirs: string) => string | null,
): string | null {
  const tagged: Array<{ hunk: Hunk; side: Side }> = [
    ...hunksOf(base, mine).map((hunk) => ({ hunk, side: 'mine' as const })),
    ...hunksOf(base, theirs).map((hunk) => ({ hunk, side: 'theirs' as const })),
  ].sort((a, b) => a.hunk.start - b.hunk.start || a.hunk.end - b.hunk.end);
  let out = '';
  let at = 0;
  for (let i = 0; i < tagged.length; ) {
    const group = [tagged[i]!];
    const range: Hunk = { start: tagged[i]!.hunk.start, end: tagged[i]!.hunk.end, tokens: [] };
    for (i++; i < tagged.length && group.some((g) => together(g.hunk, tagged[i]!.hunk, touching)); i++) {
      group.push(tagged[i]!);
      range.start = Math.min(range.start, tagged[i]!.hunk.start);
      range.end = Math.max(range.end, tagged[i]!.hunk.end);
    }
    out += base.slice(at, range.start).join('');
    const of = (side: Side) => group.filter((g) => g.side === side).map((g) => g.hunk);
    const mineText = sideText(base, of('mine'), range.start, range.end);
    const theirText = sideText(base, of('theirs'), range.start, range.end);
    if (of('mine').length === 0 || mineText === theirText) out += theirText;
    else if (of('theirs').length === 0) out += mineText;
    else {
      const resolved = resolve(base.slice(range.start, range.end).join(''), mineText, theirText);
      if (resolved === null) return null;
      out += resolved;
    }
    at = range.end;
  }
  return out + base.slice(at).join('');
}

/** Merges `mine` and `theirs`, both edited from `base`. Line endings follow `mine`. */
export function mergeText(base: string, mine: string, theirs: string): TextMergeResult {
  if (mine === theirs) return { clean: true, text: mine };
  if (mine === base) return { clean: true, text: theirs };
  if (theirs === base) return { clean: true, text: mine };
  const [b, m, t] = [base, mine, theirs].map((text) => text.replaceAll('\r\n', '\n')) as [
    string,
    string,
    string,
  ];
  const byLine = (lb: string, lm: string, lt: string) =>
    mergeTokens(lines(lb), lines(lm), lines(lt), true, () => null);
  const merged = mergeTokens(paragraphs(b), paragraphs(m), paragraphs(t), false, byLine);
  if (merged === null) return { clean: false };
  return { clean: true, text: usesCrlf(mine) ? merged.replaceAll('\n', '\r\n') : merged };
}
