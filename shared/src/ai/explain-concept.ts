// The assistant's explanation when no model is configured: what the owner's own notes say about the concept
// (the most relevant sentences, grouped under their note titles), and a plain statement that no model wrote it.
import { parseNote } from './parse-note.ts';
import { contentStems } from './tokenize.ts';

export interface ConceptSource {
  id?: number;
  title: string;
  content: string;
}

export interface ConceptMention {
  noteId: number | null;
  title: string;
  sentences: string[];
}

export const NO_MODEL_LINE =
  'No AI model is configured, so this explanation is assembled from your own notes rather than generated. ' +
  'To get full explanations, connect an OpenAI-compatible model by setting OPENAI_BASE_URL, OPENAI_API_KEY ' +
  'and OPENAI_MODEL (see the README).';

const NOTES_MAX = 3;
const SENTENCES_PER_NOTE = 3;
const DEFINING = /\b(is|are|means|refers to|describes|stands for)\b/i;

/** Notes mentioning the concept, best first, each with its most relevant sentences in reading order. */
export function findConceptMentions(
  concept: string,
  notes: readonly ConceptSource[],
  maxNotes = NOTES_MAX,
): ConceptMention[] {
  const stems = [...new Set(contentStems(concept))];
  if (stems.length === 0) return [];
  const phrase = phrasePattern(concept);
  // A cheap substring test first: an owner may have thousands of notes and most will not mention it.
  const probes = stems.map((s) => s.slice(0, Math.max(3, s.length - 1)));
  const scored: { mention: ConceptMention; score: number }[] = [];
  for (const note of notes) {
    const haystack = `${note.title}\n${note.content}`.toLowerCase();
    if (!probes.every((p) => haystack.includes(p))) continue;
    const hits: { text: string; index: number; score: number }[] = [];
    for (const sentence of parseNote(note.content).sentences) {
      const own = new Set(contentStems(sentence.text));
      const inPhrase = phrase.test(sentence.text);
      if (!inPhrase && !stems.every((s) => own.has(s))) continue;
      let score = inPhrase ? 2 : 1;
      if (inPhrase && DEFINING.test(sentence.text)) score += 1;
      if (sentence.text.split(/\s+/).length >= 6) score += 0.5;
      hits.push({ text: sentence.text, index: sentence.index, score });
    }
    const inTitle = phrase.test(note.title);
    if (hits.length === 0 && !inTitle) continue;
    const best = hits
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, SENTENCES_PER_NOTE)
      .sort((a, b) => a.index - b.index);
    const score = hits.reduce((sum, h) => sum + h.score, 0) + (inTitle ? 3 : 0);
    scored.push({
      mention: {
        noteId: note.id ?? null,
        title: note.title.trim() || 'Untitled Note',
        sentences: best.map((h) => h.text),
      },
      score,
    });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, maxNotes)
    .map((s) => s.mention);
}

export function explainConcept(concept: string, notes: readonly ConceptSource[]): string {
  const name = concept.trim();
  const mentions = findConceptMentions(name, notes).filter((m) => m.sentences.length > 0);
  if (mentions.length === 0) {
    return `None of your notes mention "${name}" yet, so there is nothing to explain it from.\n\n${NO_MODEL_LINE}`;
  }
  const blocks = mentions.map((m) => `From "${m.title}":\n${m.sentences.map((s) => `- ${s}`).join('\n')}`);
  return `Here is what your notes say about ${name}:\n\n${blocks.join('\n\n')}\n\n${NO_MODEL_LINE}`;
}

function phrasePattern(concept: string): RegExp {
  const words = concept
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Allows a plural on the last word: "flashcard" finds "flashcards".
  // A leading group instead of a lookbehind: lookbehind breaks the bundle in Safari before 16.4.
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${words.join('[\\s-]+')}(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu');
}
