// 'Due today' per note and across notes, from the browser's database: a note's cards are its stored flashcards
// (they sync, so every device has them; the reviews of a deleted card do not bring it back); a card is due when
// it is new or FSRS brings it back by the end of today, unless suspended. Deleted notes do not count.
import type { NotesDatabase } from '../../db/notes-database.ts';
import { countDueToday, reviewsByCard } from './card-schedule.ts';

export interface DueCounts {
  total: number;
  byNote: ReadonlyMap<string, number>;
}

export async function computeDueCounts(database: NotesDatabase, now: Date): Promise<DueCounts> {
  const [cards, reviews] = await Promise.all([database.flashcards.toArray(), database.reviews.toArray()]);
  const cardsOfNote = new Map<string, string[]>();
  for (const card of cards) {
    // A suspended card is never due (its note still shows, with 0).
    const noteId = String(card.noteId);
    if (!cardsOfNote.has(noteId)) cardsOfNote.set(noteId, []);
    if (!card.suspended) cardsOfNote.get(noteId)!.push(card.id);
  }
  // Only the notes that have cards are read (by key), not the whole notes table.
  const candidates = [...cardsOfNote.keys()];
  const rows = await database.notes.bulkGet(candidates);
  const live = new Set(rows.flatMap((note) => (note && !note.deleted ? [note.id] : [])));
  const byCard = reviewsByCard(reviews);
  const byNote = new Map<string, number>();
  let total = 0;
  for (const noteId of candidates) {
    if (!live.has(noteId)) continue;
    const due = countDueToday(cardsOfNote.get(noteId)!, byCard, now);
    byNote.set(noteId, due);
    total += due;
  }
  return { total, byNote };
}
