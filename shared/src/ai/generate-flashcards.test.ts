import { describe, expect, it } from 'vitest';
import { FlashcardSchema } from '../schemas/study.ts';
import { type FixtureNote, fixture, loadFixtures } from './fixtures/load-fixtures.ts';
import { generateFlashcards } from './generate-flashcards.ts';

const BLANK = '_____';

/** Every sentence of the text (list sections' items are joined by '; ') is text of the note. */
function expectDrawnFrom(note: FixtureNote, text: string) {
  for (const piece of text.replace(/\.\.\.$/, '').split(/; |(?<=[.!?]) (?=[A-Z])/)) {
    expect(note.plain, piece).toContain(piece.trim().replace(/[.;]$/, ''));
  }
}

describe('generateFlashcards', () => {
  it('gives no cards for empty content', () => {
    expect(generateFlashcards('', 1)).toEqual([]);
    expect(generateFlashcards('  \n', 'draft')).toEqual([]);
  });

  it.each(loadFixtures().map((f) => [f.name, f] as const))(
    'draws every card from the note for %s',
    (_, note) => {
      const cards = generateFlashcards(note.content, 42);
      expect(cards.length).toBeGreaterThanOrEqual(4);
      expect(cards.length).toBeLessThanOrEqual(20);
      for (const card of cards) {
        expect(FlashcardSchema.parse(card)).toEqual(card);
        expect(card.noteId).toBe(42);
        expect(card.question.trim()).not.toBe('');
        expect(card.answer.trim()).not.toBe('');
        if (card.question.startsWith('Fill in the blank: ')) {
          const sentence = card.question.slice('Fill in the blank: '.length).replace(BLANK, card.answer);
          expect(note.plain).toContain(sentence);
        } else {
          expectDrawnFrom(note, card.answer);
        }
      }
      expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
      expect(new Set(cards.map((c) => c.question.toLowerCase())).size).toBe(cards.length);
    },
  );

  it('turns definitions into questions', () => {
    const cards = generateFlashcards(fixture('spaced-repetition').content, 1);
    expect(cards).toContainEqual(
      expect.objectContaining({
        question: 'What is spaced repetition?',
        answer:
          'Spaced repetition is a learning technique that schedules reviews of material at increasing intervals.',
      }),
    );
    // "**FSRS**: a newer scheduler…" is a term with its definition.
    expect(cards.find((c) => c.question === 'What is FSRS?')?.answer).toMatch(/^FSRS: a newer scheduler/);
    const zettel = generateFlashcards(fixture('zettelkasten').content, 2);
    // Names keep their capital; a common noun starting the sentence loses it.
    expect(zettel.map((c) => c.question)).toContain('What is the Zettelkasten?');
    expect(zettel.map((c) => c.question)).toContain('What are fleeting notes?');
  });

  it('makes a card per section from its heading, lists answered item by item', () => {
    const cards = generateFlashcards(fixture('sourdough').content, 3);
    const ingredients = cards.find((c) => c.question === 'What are the main points of "Ingredients"?');
    expect(ingredients?.answer).toBe(
      '500 g bread flour (about 10% of it whole wheat); 375 g water at 30 °C; 100 g active starter; 10 g salt',
    );
    // "Notes to self" is named by none of its sentences: no card, rather than an answer about something else.
    expect(cards.some((c) => c.question === 'What does the note say about Notes to self?')).toBe(false);
    const tcp = generateFlashcards(fixture('tcp-congestion-control').content, 4);
    expect(tcp.find((c) => c.question === 'What does the note say about Slow start?')?.answer).toMatch(
      /^Slow start is the phase/,
    );
  });

  it("answers a section's card from a sentence naming the heading, never from an aside or a quotation", () => {
    const content = [
      '# Python generators',
      '',
      '## Example code',
      '',
      '```python',
      'def countdown(n):',
      '    yield n',
      '```',
      '',
      '> "Simple is better than complex." — The Zen of Python',
      '',
      'Calling countdown returns a generator object; the example code runs only when next() is called on it.',
      '',
      '## Quotes',
      '',
      '> "We suffer more often in imagination than in reality." — Seneca',
    ].join('\n');
    const cards = generateFlashcards(content, 9);
    expect(cards.find((c) => c.question === 'What does the note say about Example code?')?.answer).toBe(
      'Calling countdown returns a generator object; the example code runs only when next() is called on it.',
    );
    expect(cards.some((c) => c.question === 'What does the note say about Quotes?')).toBe(false);
    // A short note none of whose sentences names its title still gives one card, its gist.
    expect(generateFlashcards('# Cell Biology Overview\n\nMitochondria make energy.', 10)).toEqual([
      expect.objectContaining({
        question: 'What does the note say about Cell Biology Overview?',
        answer: 'Mitochondria make energy.',
      }),
    ]);
    // A quotation's source is not a definition of the quoted words.
    expect(cards.some((c) => c.answer === 'The Zen of Python')).toBe(false);
  });

  it('blanks out emphasised terms', () => {
    const cards = generateFlashcards(fixture('spaced-repetition').content, 1);
    expect(cards).toContainEqual(
      expect.objectContaining({
        question:
          'Fill in the blank: This is sometimes called the _____, and it is one of the most replicated findings in cognitive psychology.',
        answer: 'spacing effect',
      }),
    );
  });

  it('keeps ids stable for the same note and distinct between notes', () => {
    const content = fixture('tcp-congestion-control').content;
    const first = generateFlashcards(content, 7);
    expect(generateFlashcards(content, 7).map((c) => c.id)).toEqual(first.map((c) => c.id));
    const other = new Set(generateFlashcards(content, 8).map((c) => c.id));
    expect(first.some((c) => other.has(c.id))).toBe(false);
  });

  it('still makes cards from a note with no headings or definitions', () => {
    const cards = generateFlashcards(
      'Kubernetes schedules **pods** onto nodes and restarts them when they fail. Operators watch the kubernetes control plane closely during upgrades.',
      'local-1',
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]).toMatchObject({ answer: 'pods', noteId: 'local-1' });
  });
});
