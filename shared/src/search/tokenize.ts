// The words search indexes and looks for. Letters and digits make words; scripts written without spaces
// (Chinese, Japanese, Korean) are cut into overlapping pairs of characters, so a two-character word is found
// wherever it stands inside a longer run, and a lone character is kept as it is.
import { foldText } from './fold-text.ts';

const WORD_RE = /[\p{L}\p{N}]+/gu;
const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/** Whether the term is made of characters from a script written without spaces. */
export function isCjkTerm(term: string): boolean {
  return CJK_RE.test(term);
}

function pushCjkRun(run: string, out: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    out.push(run);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
}

/** Folded search terms of `text`, in order, repeats kept (term frequency counts them). */
export function tokenizeForSearch(text: string): string[] {
  const folded = foldText(text);
  // Text without CJK (most of it) splits into words in one native call.
  if (!CJK_RE.test(folded)) return folded.match(WORD_RE) ?? [];
  const out: string[] = [];
  for (const match of folded.matchAll(WORD_RE)) {
    const word = match[0];
    if (!CJK_RE.test(word)) {
      out.push(word);
      continue;
    }
    let last = 0;
    for (const run of word.matchAll(CJK_RUN_RE)) {
      const start = run.index ?? 0;
      if (start > last) out.push(word.slice(last, start));
      pushCjkRun(run[0], out);
      last = start + run[0].length;
    }
    if (last < word.length) out.push(word.slice(last));
  }
  return out;
}
