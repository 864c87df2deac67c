// How search compares text: case and accents folded, so `cafe` finds `Café` and `naive` finds `naïve`. Used for
// the index, the query and the highlighted passage alike, so all three agree on what a match is.

// Letters that carry no combining mark to strip, spelled out the way a reader types them without the key.
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_RE = /[ßæœøłđðþı]/g;
const MARKS_RE = /\p{M}+/gu;
const NON_ASCII_RE = /[^\p{ASCII}]/u;

const NON_ASCII_RUN_RE = /[^\p{ASCII}]+/gu;
// Folded runs of non-ASCII characters: text repeats the same few (é, ö, ü…), and normalising each run once is
// far cheaper than normalising every note whole.
const foldedRuns = new Map<string, string>();
const FOLDED_RUNS_MAX = 50_000;

function foldRun(run: string): string {
  let folded = foldedRuns.get(run);
  if (folded === undefined) {
    folded = run
      .normalize('NFKD')
      .replace(MARKS_RE, '')
      .toLowerCase()
      .replace(SPECIAL_RE, (ch) => SPECIAL[ch] ?? ch);
    if (foldedRuns.size >= FOLDED_RUNS_MAX) foldedRuns.clear();
    foldedRuns.set(run, folded);
  }
  return folded;
}

/** Lower case, compatibility-decomposed, without combining marks (é → e, ﬁ → fi, ß → ss). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most text is plain ASCII: lower-casing is all it needs.
  if (!NON_ASCII_RE.test(lower)) return lower;
  return lower.replace(NON_ASCII_RUN_RE, foldRun);
}

/**
 * Folds `text` and keeps, for every unit of the folded string, the index of the original character it came
 * from, so a match found in folded text can be highlighted in the text as written.
 */
export function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const piece = foldText(ch);
    folded += piece;
    for (let k = 0; k < piece.length; k++) origin.push(i);
    i += ch.length;
  }
  origin.push(text.length);
  return { folded, origin };
}
