import { describe, expect, it } from 'vitest';
import { flashcardStep } from './flashcard-step.ts';

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
