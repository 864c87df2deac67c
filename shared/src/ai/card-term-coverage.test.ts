import { describe, expect, it } from 'vitest';
import { answerHasTerm, askedTerm, termCoverage } from './card-term-coverage.ts';
import { loadStudyNotes } from './fixtures/study-notes/load-study-notes.ts';
import { generateFlashcards } from './generate-flashcards.ts';

/** Measured on the study-notes set when the generator learned to answer from the sentence asked about. */
const FLOOR = 0.9;

describe('card term coverage', () => {
  it('finds the term a question asks about', () => {
    expect(askedTerm('What does the note say about Example code?')).toBe('Example code');
    expect(askedTerm('What are the main points of "Ingredients"?')).toBe('Ingredients');
    expect(askedTerm('What does BATNA stand for?')).toBe('BATNA');
    expect(askedTerm('What is the Zettelkasten?')).toBe('the Zettelkasten');
    expect(askedTerm('Fill in the blank: The _____ is here.')).toBeNull();
  });

  it('counts an unrelated answer as a miss and a plural as the same word', () => {
    expect(
      answerHasTerm({
        question: 'What does the note say about Example code?',
        answer: 'Remember to water the office plants on Fridays.',
      }),
    ).toBe(false);
    expect(answerHasTerm({ question: 'What are pods?', answer: 'A pod is the smallest unit.' })).toBe(true);
    const coverage = termCoverage([
      { question: 'What is a pod?', answer: 'A pod holds containers.' },
      { question: 'What does the note say about Services?', answer: 'Ask Sam about the budget.' },
      { question: 'Fill in the blank: _____ is molten rock.', answer: 'Magma' },
    ]);
    expect(coverage).toMatchObject({ asked: 2, onTerm: 1, share: 0.5 });
  });

  it(`keeps at least ${FLOOR * 100}% of generated cards on their term over the study-notes set`, () => {
    const notes = loadStudyNotes();
    expect(notes.length).toBeGreaterThanOrEqual(15);
    const cards = notes.flatMap((note) => generateFlashcards(note.content, note.name));
    const coverage = termCoverage(cards);
    expect(coverage.asked).toBeGreaterThanOrEqual(60);
    expect(coverage.share).toBeGreaterThanOrEqual(FLOOR);
  });
});
