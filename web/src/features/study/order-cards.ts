// Flashcards in the order of the note: each card is placed where its text first appears in the note (cards
// are made of the note's own sentences), so studying follows the note; the card id breaks ties. The database
// keeps no order, and this gives the same order on every device.
import type { Flashcard } from '@private-notes/shared';

const BLANK_PREFIX = /^Fill in the blank:\s*/i;
const PROBE = 30;

function positionIn(content: string, card: Pick<Flashcard, 'question' | 'answer'>): number {
  const probes = [card.answer, card.question.replace(BLANK_PREFIX, '').split('_____')[0] ?? ''];
  let best = Number.POSITIVE_INFINITY;
  for (const probe of probes) {
    const text = probe.trim().slice(0, PROBE);
    if (text.length < 3) continue;
    const at = content.indexOf(text);
    if (at >= 0 && at < best) best = at;
  }
  return best;
}

export function orderCards<T extends Flashcard>(cards: readonly T[], content: string): T[] {
  const placed = cards.map((card) => ({ card, at: positionIn(content, card) }));
  placed.sort((a, b) => a.at - b.at || (a.card.id < b.card.id ? -1 : a.card.id > b.card.id ? 1 : 0));
  return placed.map((p) => p.card);
}
