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

/** The card on screen: its id, and its place when it was shown (for when the card is gone). */
export interface ShownCard {
  id: string | undefined;
  index: number;
}

/**
 * Where the shown card is now. The cards are in the note's order, recomputed whenever one changes (an edit, a
 * sync): the card on screen is followed by its id wherever it moved; once it is gone, its old place (within
 * the list) shows the card that took it. Derived on every render, so a list that changes in the same moment as
 * a grade's step to the next card cannot put the owner back on the graded one.
 */
export function shownCardIndex(cards: readonly { id: string }[], shown: ShownCard): number {
  if (cards.length === 0) return 0;
  if (shown.id !== undefined) {
    const at = cards.findIndex((card) => card.id === shown.id);
    if (at >= 0) return at;
  }
  return Math.min(Math.max(0, shown.index), cards.length - 1);
}
