// "Suggest Tags": keyword extraction from one note. Words and two-word phrases are scored by frequency,
// weighted up in headings, emphasis and the opening of the note; the owner's existing tags that occur in the
// text come first, so the vocabulary stays consistent across notes.
import { type ParsedNote, parseNote } from './parse-note.ts';
import { isKeyword, type Token, tokenize } from './tokenize.ts';

export const SUGGESTED_TAGS_MAX = 5;

interface Candidate {
  /** Stems joined by a space. */
  key: string;
  score: number;
  count: number;
  parts: number;
}

/**
 * Up to 5 tags. Existing tags are returned as the owner spelled them; new tags are lowercase words of the
 * note, a two-word phrase joined by a hyphen ("spaced-repetition"). Empty content gives [].
 */
export function suggestTags(
  content: string,
  existingTags: readonly string[] = [],
  limit = SUGGESTED_TAGS_MAX,
): string[] {
  if (!content.trim()) return [];
  return tagsOfParsedNote(parseNote(content), existingTags, limit);
}

/** suggestTags over a note already parsed, for the helpers that need tags and sentences of one note. */
export function tagsOfParsedNote(
  note: ParsedNote,
  existingTags: readonly string[] = [],
  limit = SUGGESTED_TAGS_MAX,
): string[] {
  const blocks: { tokens: Token[]; weight: number }[] = [];
  note.sections.forEach((section) => {
    if (section.heading)
      blocks.push({ tokens: tokenize(section.heading), weight: section.level <= 1 ? 5 : 3 });
  });
  const opening = Math.max(3, Math.floor(note.sentences.length * 0.2));
  for (const sentence of note.sentences) {
    blocks.push({ tokens: tokenize(sentence.text), weight: sentence.index < opening ? 1.3 : 1 });
  }
  for (const emphasised of note.emphasised) blocks.push({ tokens: tokenize(emphasised.term), weight: 2 });

  const surfaces = new Map<string, Map<string, number>>();
  const unigrams = new Map<string, Candidate>();
  const bigrams = new Map<string, Candidate>();
  let totalWords = 0;
  const add = (map: Map<string, Candidate>, key: string, weight: number, parts: number) => {
    const c = map.get(key) ?? { key, score: 0, count: 0, parts };
    c.score += weight;
    c.count += 1;
    map.set(key, c);
  };
  for (const { tokens, weight } of blocks) {
    totalWords += tokens.length;
    tokens.forEach((token, i) => {
      if (!isKeyword(token.word)) return;
      const forms = surfaces.get(token.stem) ?? new Map<string, number>();
      forms.set(token.word, (forms.get(token.word) ?? 0) + 1);
      surfaces.set(token.stem, forms);
      add(unigrams, token.stem, weight, 1);
      const next = tokens[i + 1];
      if (next && isKeyword(next.word) && next.stem !== token.stem)
        add(bigrams, `${token.stem} ${next.stem}`, weight, 2);
    });
  }

  // A phrase that recurs is a better tag than its words; its words keep only their uses outside it.
  const phrases = [...bigrams.values()].filter((b) => b.count >= 2);
  for (const phrase of phrases) {
    phrase.score *= 1.5;
    for (const part of phrase.key.split(' ')) {
      const word = unigrams.get(part);
      if (word) word.score -= phrase.score / 1.5;
    }
  }
  const minScore = totalWords < 40 ? 0.9 : 2;
  const candidates = [...unigrams.values(), ...phrases]
    .filter((c) => c.score >= minScore)
    .sort((a, b) => b.score - a.score || b.parts - a.parts || a.key.localeCompare(b.key));

  const result: string[] = [];
  const takenKeys = new Set<string>();
  for (const tag of matchingExistingTags(blocks, existingTags)) {
    // A passing mention of an existing tag is not what the note is about.
    if (result.length >= limit || tag.score < minScore) break;
    result.push(tag.display);
    takenKeys.add(tag.key);
  }
  for (const candidate of candidates) {
    if (result.length >= limit) break;
    if (takenKeys.has(candidate.key)) continue;
    // "spaced repetition" and "repetition" as two tags is one tag too many.
    const parts = candidate.key.split(' ');
    if ([...takenKeys].some((k) => overlaps(k.split(' '), parts))) continue;
    takenKeys.add(candidate.key);
    result.push(parts.map((stem) => surfaceOf(stem, surfaces)).join('-'));
  }
  return result;
}

function overlaps(a: string[], b: string[]): boolean {
  if (a.length === 1 && b.length === 1) return false;
  return a.some((part) => b.includes(part));
}

function surfaceOf(stem: string, surfaces: Map<string, Map<string, number>>): string {
  const forms = surfaces.get(stem);
  if (!forms) return stem;
  let best = stem;
  let bestCount = -1;
  for (const [form, count] of forms) {
    // The singular wins ties so "flashcard" beats "flashcards" when both appear as often.
    if (count > bestCount || (count === bestCount && form === stem)) {
      best = form;
      bestCount = count;
    }
  }
  return best;
}

/** Existing tags whose words occur together in the note, most mentioned first. */
function matchingExistingTags(
  blocks: { tokens: Token[]; weight: number }[],
  existingTags: readonly string[],
): { display: string; key: string; score: number }[] {
  const found: { display: string; key: string; score: number }[] = [];
  const seen = new Set<string>();
  for (const raw of existingTags) {
    const display = raw.trim();
    const stems = tokenize(display.replace(/[-_/]+/g, ' ')).map((t) => t.stem);
    const key = stems.join(' ');
    if (stems.length === 0 || seen.has(key)) continue;
    seen.add(key);
    let score = 0;
    for (const { tokens, weight } of blocks) {
      for (let i = 0; i + stems.length <= tokens.length; i++) {
        if (stems.every((stem, k) => tokens[i + k]!.stem === stem)) {
          score += weight;
        }
      }
    }
    if (score > 0) found.push({ display, key, score });
  }
  return found.sort((a, b) => b.score - a.score);
}
