// Study mode's "Key Points": the best sentence of each section first (so the points cover the whole note),
// then the next best overall, returned in reading order so they follow the note.
import { type ParsedNote, parseNote } from './parse-note.ts';
import { pickDiverse, rankSentences, sentenceVectors } from './rank-sentences.ts';

export const KEY_POINTS_MAX = 7;

export function keyPoints(content: string, limit = KEY_POINTS_MAX): string[] {
  if (!content.trim()) return [];
  return keyPointsOfParsedNote(parseNote(content), limit);
}

/** keyPoints over a note already parsed. */
export function keyPointsOfParsedNote(note: ParsedNote, limit = KEY_POINTS_MAX): string[] {
  const vectors = sentenceVectors(note);
  const ranked = rankSentences(note, vectors);
  const bestOfSection = new Map<number, number>();
  for (const r of ranked) {
    const section = note.sentences[r.index]!.section;
    if (!bestOfSection.has(section)) bestOfSection.set(section, r.index);
  }
  // Sections are visited in the order of their best sentence's rank, so a long note keeps its strongest ones.
  const coverage = pickDiverse(
    ranked.filter((r) => bestOfSection.get(note.sentences[r.index]!.section) === r.index),
    vectors,
    limit,
  );
  const picked = pickDiverse(ranked, vectors, limit, coverage);
  return picked.sort((a, b) => a - b).map((i) => note.sentences[i]!.text);
}
