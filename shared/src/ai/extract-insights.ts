// The editor's "Extract Insights": the note's most central sentences, favouring ones that state a reason,
// a rule or a consequence, most important first.
import { parseNote } from './parse-note.ts';
import { pickDiverse, rankSentences, sentenceVectors } from './rank-sentences.ts';

export const INSIGHTS_MAX = 5;

// Sentences carrying these words tend to be lessons rather than description.
const CUES =
  /\b(because|therefore|so that|which means|means that|key|important|crucial|essential|should|must|never|always|avoid|instead|better|best|lesson|takeaway|the trick|rule of thumb|result|leads to|causes|helps|works best|trade-?off)\b/i;

export function extractInsights(content: string, limit = INSIGHTS_MAX): string[] {
  if (!content.trim()) return [];
  const note = parseNote(content);
  const vectors = sentenceVectors(note);
  const ranked = rankSentences(note, vectors).map((r) => {
    const text = note.sentences[r.index]!.text;
    return CUES.test(text) ? { ...r, score: r.score * 1.3 } : r;
  });
  ranked.sort((a, b) => b.score - a.score || a.index - b.index);
  return pickDiverse(ranked, vectors, limit).map((i) => note.sentences[i]!.text);
}
