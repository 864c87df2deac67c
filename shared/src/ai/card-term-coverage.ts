// The local flashcard generator's quality figure (issue 25): of the cards that ask about a term, the share
// whose answer contains that term. A card asking "What does the note say about Example code?" answered with an
// unrelated quotation fails it. Fill-in-the-blank cards are left out: their answer is the blanked term itself.
import type { Flashcard } from '../schemas/study.ts';
import { contentStems, tokenize } from './tokenize.ts';

const ASKED = [
  /^What does the note say about (.+)\?$/i,
  /^What are the main points of "(.+)"\?$/i,
  /^What does (.+) (?:mean|refer to|describe|stand for)\?$/i,
  /^What (?:is|are) (.+)\?$/i,
];
const QUESTION_WORDS = new Set(['what', 'why', 'how', 'when', 'where', 'who', 'which']);

/** The term a card's question asks about (a heading used as the question is its own term); null for a cloze. */
export function askedTerm(question: string): string | null {
  if (/^Fill in the blank:/i.test(question)) return null;
  for (const pattern of ASKED) {
    const match = pattern.exec(question.trim());
    if (match) return match[1]!.trim();
  }
  return question.replace(/\?+$/, '').trim();
}

/** The content words of a term, stemmed: what an answer must mention to be about it. */
function termStems(term: string): string[] {
  return contentStems(term).filter((stem) => !QUESTION_WORDS.has(stem));
}

/** True when every content word of the asked-about term appears in the answer (plural-insensitive). */
export function answerHasTerm(card: Pick<Flashcard, 'question' | 'answer'>): boolean {
  const term = askedTerm(card.question);
  if (term === null) return true;
  const stems = termStems(term);
  if (stems.length === 0) return true;
  const answer = new Set(tokenize(card.answer).map((t) => t.stem));
  return stems.every((stem) => answer.has(stem));
}

export interface TermCoverage {
  /** Cards that ask about a term (cloze cards excluded). */
  asked: number;
  /** Of those, the cards whose answer contains the term. */
  onTerm: number;
  /** onTerm / asked, 1 when no card asks about a term. */
  share: number;
  misses: Array<Pick<Flashcard, 'question' | 'answer'>>;
}

export function termCoverage(cards: ReadonlyArray<Pick<Flashcard, 'question' | 'answer'>>): TermCoverage {
  const asking = cards.filter((card) => askedTerm(card.question) !== null);
  const misses = asking.filter((card) => !answerHasTerm(card));
  const onTerm = asking.length - misses.length;
  return { asked: asking.length, onTerm, share: asking.length === 0 ? 1 : onTerm / asking.length, misses };
}
