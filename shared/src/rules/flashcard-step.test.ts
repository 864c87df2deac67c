import { describe, expect, it } from 'vitest';
import { flashcardStep, shownCardIndex } from './flashcard-step.ts';

describe('flashcardStep', () => {
  it('moves forward and completes the review past the last card, back at the first', () => {
    expect(flashcardStep(0, 3, 'next')).toEqual({ index: 1, completed: false });
    expect(flashcardStep(1, 3, 'next')).toEqual({ index: 2, completed: false });
    expect(flashcardStep(2, 3, 'next')).toEqual({ index: 0, completed: true });
  });

  it('wraps backwards from the first card to the last', () => {
    expect(flashcardStep(0, 3, 'previous')).toEqual({ index: 2, completed: false });
    expect(flashcardStep(2, 3, 'previous')).toEqual({ index: 1, completed: false });
  });

  it('copes with one card, no cards and an index out of range', () => {
    expect(flashcardStep(0, 1, 'next')).toEqual({ index: 0, completed: true });
    expect(flashcardStep(0, 1, 'previous')).toEqual({ index: 0, completed: false });
    expect(flashcardStep(0, 0, 'next')).toEqual({ index: 0, completed: false });
    expect(flashcardStep(9, 3, 'previous')).toEqual({ index: 1, completed: false });
  });
});

describe('shownCardIndex', () => {
  const cards = (...ids: string[]) => ids.map((id) => ({ id }));

  it('follows the shown card by id when the cards are recomputed in another order', () => {
    expect(shownCardIndex(cards('a', 'b', 'c'), { id: 'b', index: 1 })).toBe(1);
    expect(shownCardIndex(cards('b', 'a', 'c'), { id: 'b', index: 1 })).toBe(0);
    expect(shownCardIndex(cards('x', 'a', 'c', 'b'), { id: 'b', index: 1 })).toBe(3);
  });

  it('a grade steps to the next card while the list is recomputed: the next card stays on screen', () => {
    // Graded 'a' (index 0) and stepped to 'b' in the order of the moment; a sync then rebuilt the list.
    const before = cards('a', 'b', 'c');
    const step = flashcardStep(0, before.length, 'next');
    const shown = { id: before[step.index]!.id, index: step.index };
    expect(shownCardIndex(cards('a', 'b', 'c'), shown)).toBe(1);
    expect(shownCardIndex(cards('c', 'a', 'b'), shown)).toBe(2);
  });

  it('shows the card that took a deleted card’s place, within the list', () => {
    expect(shownCardIndex(cards('a', 'c'), { id: 'b', index: 1 })).toBe(1);
    expect(shownCardIndex(cards('a'), { id: 'c', index: 2 })).toBe(0);
    expect(shownCardIndex(cards('a', 'b'), { id: undefined, index: 1 })).toBe(1);
    expect(shownCardIndex([], { id: 'a', index: 3 })).toBe(0);
  });
});
