// The notes screen's first cards (the first page, a new device's early first page) in the full list's order.
import { sortNotes } from '@private-notes/shared';
import type { LocalNote } from '../../../db/types.ts';

/**
 * The first cards in the order the full list will show them: newest first, notes updated at the same moment in
 * the order of their ids (the full read's order, which the list's stable sort keeps). Read through the updatedAt
 * index backwards, such notes came in the reverse order, and the cards swapped places when the full list
 * replaced them: a press begun on one ended on its neighbour (issue 35, point 6).
 */
export function inListOrder(rows: readonly LocalNote[]): LocalNote[] {
  const byId = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sortNotes(byId, 'updated-desc');
}
