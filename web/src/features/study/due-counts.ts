// 'Due today' per note and across notes, from the browser's database: a note's cards are its stored
// flashcards (or, on a device that has not generated them, the cards its synced reviews name); a card is due
// when it is new or FSRS brings it back by the end of today, unless suspended. Deleted notes do not count.
import type { NotesDatabase } from '../../db/notes-database.ts';
import { countDueToday, reviewsByCard } from './card-schedule.ts';

export interface DueCounts {
  total: number;
  byNote: ReadonlyMap<string, number>;
}

export async function computeDueCounts(database: NotesDatabase, now: Date): Promise<DueCounts> {
  const [cards, reviews] = await Promise.all([database.flashcards.toArray(), database.reviews.toArray()]);
  const cardsOfNote = new Map<string, Set<string>>();
  // A suspended card is never due; it still marks its note as one this device has the cards of.
  const suspended = new Set(cards.filter((card) => card.suspended).map((card) => card.id));
  for (const card of cards) {
    const noteId = String(card.noteId);
    if (!cardsOfNote.has(noteId)) cardsOfNote.set(noteId, new Set());
    cardsOfNote.get(noteId)!.add(card.id);
  }
  const reviewedOfNote = new Map<string, Set<string>>();
  for (const review of reviews) {
    const noteId = String(review.noteId);
    if (!reviewedOfNote.has(noteId)) reviewedOfNote.set(noteId, new Set());
    reviewedOfNote.get(noteId)!.add(review.cardId);
  }
  // Only the notes that have cards or reviews are read (by key), not the whole notes table.
  const candidates = [...new Set([...cardsOfNote.keys(), ...reviewedOfNote.keys()])];
  const rows = await database.notes.bulkGet(candidates);
  const live = new Set(rows.flatMap((note) => (note && !note.deleted ? [note.id] : [])));
  const byCard = reviewsByCard(reviews);
  const byNote = new Map<string, number>();
  let total = 0;
  for (const noteId of candidates) {
    if (!live.has(noteId)) continue;
    const ids = cardsOfNote.get(noteId) ?? reviewedOfNote.get(noteId) ?? new Set<string>();
    const due = countDueToday(
      [...ids].filter((id) => !suspended.has(id)),
      byCard,
      now,
    );
    byNote.set(noteId, due);
    total += due;
  }
  return { total, byNote };
}
