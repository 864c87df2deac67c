// Reads what Statistics shows from the browser's database (so it works offline): the cards of every live note
// (its stored flashcards, or on a device that never generated them the cards its synced reviews name, as the
// due counts do), their reviews, and the statistics in total and per note.
import type { NotesDatabase } from '../../db/notes-database.ts';
import { computeStudyStats, type StudyStats } from './study-stats.ts';

export interface NoteStudyStats {
  noteId: string;
  title: string;
  stats: StudyStats;
}

export interface StudyStatsView {
  total: StudyStats;
  notes: NoteStudyStats[];
}

/** With `noteId`, the total is that note's alone (and `notes` holds just it). */
export async function loadStudyStats(
  database: NotesDatabase,
  now: Date,
  noteId?: string,
): Promise<StudyStatsView> {
  const [cards, reviews] = await Promise.all([database.flashcards.toArray(), database.reviews.toArray()]);
  const cardsOfNote = new Map<string, Set<string>>();
  const reviewedOfNote = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, note: string, card: string) => {
    if (!map.has(note)) map.set(note, new Set());
    map.get(note)!.add(card);
  };
  for (const card of cards) add(cardsOfNote, String(card.noteId), card.id);
  for (const review of reviews) add(reviewedOfNote, String(review.noteId), review.cardId);
  const candidates =
    noteId !== undefined ? [noteId] : [...new Set([...cardsOfNote.keys(), ...reviewedOfNote.keys()])];
  const rows = await database.notes.bulkGet(candidates);
  const notes: NoteStudyStats[] = [];
  const allCards: string[] = [];
  for (const note of rows) {
    if (!note || note.deleted) continue;
    const ids = cardsOfNote.get(note.id) ?? reviewedOfNote.get(note.id) ?? new Set<string>();
    if (ids.size === 0) continue;
    allCards.push(...ids);
    notes.push({ noteId: note.id, title: note.title, stats: computeStudyStats(ids, reviews, now) });
  }
  notes.sort((a, b) => a.title.localeCompare(b.title));
  return { total: computeStudyStats(allCards, reviews, now), notes };
}
