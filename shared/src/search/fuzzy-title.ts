// Fuzzy title matching for the quick switcher: every typed character must appear in order in the title
// (case and accents folded); a run of them, a start of a word and an early position each score higher.
import { foldText } from './fold-text.ts';

/** A score (higher is better) when `query` matches `title` fuzzily, null when it does not. */
export function fuzzyTitleScore(query: string, title: string): number | null {
  const q = foldText(query).replace(/\s+/g, ' ').trim();
  if (!q) return 0;
  const t = foldText(title);
  const direct = t.indexOf(q);
  if (direct !== -1) {
    const atWord = direct === 0 || !/[\p{L}\p{N}]/u.test(t[direct - 1] ?? '');
    return 1000 + (atWord ? 200 : 0) - direct - (t.length - q.length) * 0.1;
  }
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const at = t.indexOf(ch, from);
    if (at === -1) return null;
    if (at === previous + 1) score += 5;
    if (at === 0 || !/[\p{L}\p{N}]/u.test(t[at - 1] ?? '')) score += 8;
    score -= Math.min(at - from, 10) * 0.5;
    previous = at;
    from = at + 1;
  }
  return score;
}
