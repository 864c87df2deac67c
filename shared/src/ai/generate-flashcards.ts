// Flashcards from a note without a model: definitions ("X is …", "term: …", "**term** — …"), one card per
// section (heading → the section's gist), and fill-in-the-blank cards for emphasised and key terms.
// Questions and answers are always text of the note, so a card never states something the note does not.
import type { Flashcard } from '../schemas/study.ts';
import { cleanInline, type NoteSentence, type ParsedNote, parseNote } from './parse-note.ts';
import { type RankedSentence, rankSentences } from './rank-sentences.ts';
import { stableId } from './stable-id.ts';
import { tagsOfParsedNote } from './suggest-tags.ts';
import { contentStems } from './tokenize.ts';

export const FLASHCARDS_MAX = 20;
const ANSWER_MAX = 500;
const BLANK = '_____';

const DEFINITION =
  /^((?:an?|the)\s+)?([\p{L}][\p{L}\p{N}'’\-/ ]{0,50}?)\s+(is|are|refers to|means|describes|stands for)\s+(.{8,})$/iu;
const LABEL = /^\s*(?:\*\*|__)?([^:*_\n—–]{2,60}?)(?::(?:\*\*|__)|(?:\*\*|__)?\s*(?::|\s[—–-]))\s*(.{3,})$/u;
const NOT_A_SUBJECT = new Set(
  'it this that there these those he she they we i you what which who here one each everything something nothing our my your his her their its such some many most all another'.split(
    ' ',
  ),
);

type Card = Omit<Flashcard, 'noteId' | 'id'>;

export function generateFlashcards(
  content: string,
  noteId: number | string,
  limit = FLASHCARDS_MAX,
): Flashcard[] {
  if (!content.trim()) return [];
  const note = parseNote(content);
  // Capitalised words seen mid-sentence are names ("Zettelkasten", "Reno"); others only start a sentence.
  const properNouns = new Set(
    note.sentences.flatMap((s) =>
      s.text
        .split(' ')
        .flatMap((word, k, words) =>
          k > 0 && /^\p{Lu}/u.test(word) && /[\p{L},;]$/u.test(words[k - 1]!)
            ? [word.replace(/[^\p{L}'-].*$/u, '').toLowerCase()]
            : [],
        ),
    ),
  );
  const cards: Card[] = [];
  const coveredTerms = new Set<string>();

  for (const sentence of note.sentences) {
    const card = definitionCard(sentence, properNouns) ?? labelCard(sentence);
    if (card) {
      cards.push(card.card);
      coveredTerms.add(card.term.toLowerCase());
    }
  }
  const ranked = rankSentences(note);
  const sections = sectionCards(note, ranked);
  cards.push(...sections.cards);
  const rankOf = new Map(ranked.map((r, i) => [r.index, i]));
  for (const { term, sentence } of note.emphasised) {
    if (coveredTerms.has(term.toLowerCase())) continue;
    const card = clozeCard(term, note.sentences[sentence]!);
    if (card) {
      cards.push(card);
      coveredTerms.add(term.toLowerCase());
    }
  }
  for (const tag of tagsOfParsedNote(note, [], 6)) {
    const term = tag.replace(/-/g, ' ');
    if (coveredTerms.has(term)) continue;
    const pattern = termPattern(term);
    const candidates = note.sentences
      .filter((s) => pattern.test(s.text))
      .sort((a, b) => (rankOf.get(a.index) ?? 1e9) - (rankOf.get(b.index) ?? 1e9));
    for (const sentence of candidates) {
      const card = clozeCard(term, sentence);
      if (card) {
        cards.push(card);
        coveredTerms.add(term);
        break;
      }
    }
  }
  if (cards.length === 0 && sections.gist) cards.push(sections.gist);
  return withIds(cards, noteId, limit);
}

function withIds(cards: Card[], noteId: number | string, limit: number): Flashcard[] {
  const out: Flashcard[] = [];
  const questions = new Set<string>();
  const ids = new Set<string>();
  for (const card of cards) {
    if (out.length >= limit) break;
    const question = card.question.trim();
    const answer = clip(card.answer.trim());
    const key = question.toLowerCase();
    if (!question || !answer || questions.has(key)) continue;
    questions.add(key);
    let id = stableId('fc', noteId, question);
    for (let n = 2; ids.has(id); n++) id = stableId('fc', noteId, question, n);
    ids.add(id);
    out.push({ id, question, answer, noteId });
  }
  return out;
}

function definitionCard(
  sentence: NoteSentence,
  properNouns: Set<string>,
): { term: string; card: Card } | null {
  if (sentence.text.endsWith('?')) return null;
  const match = DEFINITION.exec(sentence.text);
  if (!match) return null;
  const [, article = '', subject = '', verb = '', rest = ''] = match;
  const words = subject.trim().split(/\s+/);
  if (words.length > 4 || NOT_A_SUBJECT.has(words[0]!.toLowerCase())) return null;
  // "Missing a few days is fine" is a clause, not a term.
  if (words.some((w) => /^(a|an|the|is|are|was|to)$/i.test(w))) return null;
  if (rest.split(/\s+/).length < 3) return null;
  const first = words[0]!;
  // Keep proper nouns and acronyms as written; lower a capital that is only there because it starts the sentence.
  const keep = properNouns.has(first.toLowerCase()) || /\p{Lu}.*\p{Lu}/u.test(first);
  const display = [keep ? first : first.toLowerCase(), ...words.slice(1)].join(' ');
  const term = `${article.toLowerCase()}${display}`;
  const v = verb.toLowerCase();
  const question =
    v === 'is' || v === 'are'
      ? `What ${v} ${term}?`
      : `What does ${term} ${{ 'refers to': 'refer to', means: 'mean', describes: 'describe', 'stands for': 'stand for' }[v] ?? v}?`;
  return { term: display, card: { question: capitalise(question), answer: sentence.text } };
}

function labelCard(sentence: NoteSentence): { term: string; card: Card } | null {
  if (sentence.positionInBlock !== 0) return null;
  const match = LABEL.exec(sentence.raw);
  if (!match) return null;
  const term = match[1]!.replace(/[*_`]/g, '').trim();
  const text = cleanInline(match[2]!);
  if (!term || term.split(/\s+/).length > 5 || /^https?$/i.test(term) || text.length < 3) return null;
  // A quotation with its source ("Simple is better…" — The Zen of Python) and a ratio (1:16) are not labels.
  if (/^["“'‘]/u.test(term) || (/\p{N}$/u.test(term) && /^\p{N}/u.test(match[2]!))) return null;
  const definitional = /^(an?|the)\s/i.test(text) && text.split(/\s+/).length >= 3;
  const question = definitional ? `What is ${term}?` : `What does the note say about ${term}?`;
  // The whole line is the answer, label included: the card reads as the note's own "term: text".
  return { term, card: { question, answer: `${term}: ${text}` } };
}

/**
 * One card per section under a heading; `gist` is the first section left without one (no sentence names its
 * heading), answered by its best sentences: used only when the note would otherwise make no card at all, so a
 * short note ("# Cell Biology Overview" over "Mitochondria make energy.") still gives one.
 */
function sectionCards(note: ParsedNote, ranked: RankedSentence[]): { cards: Card[]; gist: Card | null } {
  const cards: Card[] = [];
  let gist: Card | null = null;
  for (const section of note.sections) {
    if (!section.heading) continue;
    const sentences = note.sentences.filter((s) => s.section === section.index);
    if (sentences.length === 0) continue;
    const items = sentences.filter((s) => s.fromList && s.positionInBlock === 0);
    let answer: string;
    let question: string;
    if (items.length >= 2 && items.length >= sentences.length / 2) {
      answer = items
        .slice(0, 6)
        .map((s) => s.text.replace(/[.;]$/, ''))
        .join('; ');
      question = section.heading.endsWith('?')
        ? section.heading
        : `What are the main points of "${section.heading}"?`;
    } else {
      // The answer comes from the section's sentences that name what the heading names: the best-ranked
      // section sentence alone could be a quotation or an aside ("Example code" answered with a quote). A
      // section none of whose sentences names its heading makes no card.
      const about = headingStems(section.heading);
      const inSection = ranked
        .filter((r) => note.sentences[r.index]!.section === section.index)
        .map((r) => r.index);
      const best = inSection.filter((i) => mentionsAll(note.sentences[i]!.text, about)).slice(0, 2);
      question = section.heading.endsWith('?')
        ? section.heading
        : `What does the note say about ${section.heading}?`;
      const text = (indexes: number[]) =>
        indexes
          .sort((a, b) => a - b)
          .map((i) => note.sentences[i]!.text)
          .join(' ');
      if (best.length === 0) {
        const top = inSection.length > 0 ? inSection.slice(0, 2) : sentences.slice(0, 2).map((s) => s.index);
        gist ??= { question, answer: text(top) };
        continue;
      }
      answer = text(best);
    }
    cards.push({ question, answer });
  }
  return { cards, gist };
}

const QUESTION_WORDS = new Set(['what', 'why', 'how', 'when', 'where', 'who', 'which']);

function headingStems(heading: string): string[] {
  return contentStems(heading).filter((stem) => !QUESTION_WORDS.has(stem));
}

/** True when the text holds every one of `stems` (plural-insensitive); nothing to hold is a yes. */
function mentionsAll(text: string, stems: readonly string[]): boolean {
  if (stems.length === 0) return true;
  const own = new Set(contentStems(text));
  return stems.every((stem) => own.has(stem));
}

function clozeCard(term: string, sentence: NoteSentence): Card | null {
  if (sentence.text.split(/\s+/).length < 6 || term.length < 3) return null;
  const pattern = termPattern(term);
  const found = pattern.exec(sentence.text);
  if (!found) return null;
  const start = found.index + found[1]!.length;
  const matched = found[2]!;
  const question = `Fill in the blank: ${sentence.text.slice(0, start)}${BLANK}${sentence.text.slice(start + matched.length)}`;
  return { question, answer: matched };
}

function termPattern(term: string): RegExp {
  const escaped = term
    .trim()
    .split(/[\s-]+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s-]+');
  // Group 1 is the boundary (a leading group, not a lookbehind, which Safari before 16.4 cannot parse).
  return new RegExp(`(^|[^\\p{L}\\p{N}])(${escaped})(?![\\p{L}\\p{N}])`, 'iu');
}

function clip(text: string): string {
  if (text.length <= ANSWER_MAX) return text;
  const cut = text.slice(0, ANSWER_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd()}...`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
