// Reads what Statistics shows from the browser's database (so it works offline): the cards of every live note
// (its stored flashcards, which sync between devices; suspended cards are left out, as the due counts leave
// them), their reviews, and the statistics in total and per note.
import { isSealedNote, LOCKED_NOTE_TITLE, revealNote } from '../../db/locked-note-codec.ts';
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
  const add = (map: Map<string, Set<string>>, note: string, card: string) => {
    if (!map.has(note)) map.set(note, new Set());
    map.get(note)!.add(card);
  };
  for (const card of cards) if (!card.suspended) add(cardsOfNote, String(card.noteId), card.id);
  const candidates = noteId !== undefined ? [noteId] : [...cardsOfNote.keys()];
  const rows = await database.notes.bulkGet(candidates);
  const notes: NoteStudyStats[] = [];
  const allCards: string[] = [];
  for (const note of rows) {
    if (!note || note.deleted) continue;
    const ids = cardsOfNote.get(note.id) ?? new Set<string>();
    if (ids.size === 0) continue;
    allCards.push(...ids);
    // A locked note's title is read in memory while the vault is unlocked; "Locked note" otherwise.
    const shown = revealNote(note);
    const title = isSealedNote(shown) ? LOCKED_NOTE_TITLE : shown.title;
    notes.push({ noteId: note.id, title, stats: computeStudyStats(ids, reviews, now) });
  }
  notes.sort((a, b) => a.title.localeCompare(b.title));
  return { total: computeStudyStats(allCards, reviews, now), notes };
}
