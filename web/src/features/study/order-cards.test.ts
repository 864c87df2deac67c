// Cards follow the note: definitions, section cards and fill-in-the-blank cards land where their text is.
import { generateFlashcards } from '@private-notes/shared/ai';
import { describe, expect, it } from 'vitest';
import { orderCards } from './order-cards.ts';

const NOTE = `# Spaced repetition

Spaced repetition is a learning technique that schedules reviews at increasing intervals.

## Active recall

Active recall means retrieving an answer from memory instead of rereading it. It strengthens memory more than passive review.

## FSRS

FSRS is a scheduling algorithm that models memory stability and difficulty for each card.`;

describe('orderCards', () => {
  it('puts generated cards in the order of the note, whatever order they are stored in', () => {
    const cards = generateFlashcards(NOTE, 'n1');
    const shuffled = [...cards].sort((a, b) => (a.id < b.id ? -1 : 1)).reverse();
    const ordered = orderCards(shuffled, NOTE);
    expect(ordered).toHaveLength(cards.length);
    // The first card is about spaced repetition, the last ones about FSRS or the blanks before it.
    expect(ordered[0]!.answer).toMatch(/^Spaced repetition is/);
    expect(ordered.at(-1)!.answer).toMatch(/^FSRS is/);
    expect(orderCards(cards, NOTE)).toEqual(ordered);
  });

  it('places a fill-in-the-blank card at its sentence and unknown text last, ties by id', () => {
    const content = 'Alpha comes first. Then the beta sentence has a word. Gamma ends it.';
    const cards = [
      { id: 'fc-z', question: 'Unrelated?', answer: 'Not in the note at all', noteId: 'n' },
      {
        id: 'fc-b',
        question: 'Fill in the blank: Then the _____ sentence has a word.',
        answer: 'beta',
        noteId: 'n',
      },
      { id: 'fc-g', question: 'What ends it?', answer: 'Gamma ends it.', noteId: 'n' },
      { id: 'fc-a', question: 'What comes first?', answer: 'Alpha comes first.', noteId: 'n' },
      { id: 'fc-y', question: 'Also unrelated?', answer: 'Nowhere either', noteId: 'n' },
    ];
    expect(orderCards(cards, content).map((c) => c.id)).toEqual(['fc-a', 'fc-b', 'fc-g', 'fc-y', 'fc-z']);
  });
});
