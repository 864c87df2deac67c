// Flashcard navigation in study mode (SPEC section 2): Next and Previous wrap around; passing the last card
// completes the review and starts again at the first.

export const FLASHCARD_REVIEW_COMPLETE = 'Flashcard review complete';

export interface FlashcardStep {
  index: number;
  /** True when Next moved past the last card: show 'Flashcard review complete'. */
  completed: boolean;
}

export function flashcardStep(index: number, total: number, direction: 'next' | 'previous'): FlashcardStep {
  if (total <= 0) return { index: 0, completed: false };
  const current = Math.min(Math.max(0, Math.floor(index)), total - 1);
  if (direction === 'next') {
    return current === total - 1 ? { index: 0, completed: true } : { index: current + 1, completed: false };
  }
  return { index: current === 0 ? total - 1 : current - 1, completed: false };
}
