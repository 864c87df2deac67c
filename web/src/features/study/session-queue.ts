// The review session's queue: every card due across notes (a card in its learning steps only once its step
// has passed: card-schedule.ts's isDueToday, the same rule as the 'due today' badge), oldest due first, then new cards up to the day's
// limit. Built once when the session starts (a card graded meanwhile keeps its place), from the browser's
// database only, so a session works with no connection. Suspended cards and cards whose note is deleted are
// left out, and so are cards of locked notes while the vault is locked (counted, so the screen can say they wait).
import { revealCard, revealNote } from '../../db/locked-note-codec.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import type { LocalFlashcard, LocalNote } from '../../db/types.ts';
import { type Card, isDueToday, replayCard, reviewsByCard, State } from './card-schedule.ts';
import { orderCards } from './order-cards.ts';

/** New cards introduced per day (the first review of a card counts on the day it was made). */
export const NEW_CARDS_PER_DAY = 20;

export interface SessionCard {
  card: LocalFlashcard;
  /** The note's client id and title, for the link back to it. */
  noteId: string;
  noteTitle: string;
  /** Whether the card had never been reviewed when the session started. */
  isNew: boolean;
}

function startOfDay(now: Date): Date {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return start;
}

export async function loadSessionQueue(
  database: NotesDatabase,
  now: Date,
  newPerDay: number = NEW_CARDS_PER_DAY,
): Promise<SessionCard[]> {
  return (await loadSession(database, now, newPerDay)).cards;
}

export interface Session {
  cards: SessionCard[];
  /** Cards due or new that belong to locked notes this device cannot read now (the vault is locked). */
  waiting: number;
}

export async function loadSession(
  database: NotesDatabase,
  now: Date,
  newPerDay: number = NEW_CARDS_PER_DAY,
): Promise<Session> {
  const [stored, reviews] = await Promise.all([database.flashcards.toArray(), database.reviews.toArray()]);
  const noteIds = [...new Set(stored.map((card) => String(card.noteId)))];
  const notes = new Map<string, LocalNote>();
  const storedNotes = new Map<string, LocalNote>();
  for (const note of await database.notes.bulkGet(noteIds)) {
    if (note && !note.deleted) storedNotes.set(note.id, note);
  }
  const byCard = reviewsByCard(reviews);
  // A locked note's cards are read decrypted in memory; those that cannot be (the vault is locked) wait.
  let waiting = 0;
  const cards: LocalFlashcard[] = [];
  for (const card of stored) {
    const note = storedNotes.get(String(card.noteId));
    const shown = note ? revealCard(note, 'flashcard', card) : card;
    if (shown) cards.push(shown);
    else if (!card.suspended) {
      const schedule = replayCard(byCard.get(card.id) ?? []);
      if (schedule.state === State.New || isDueToday(schedule, now)) waiting++;
    }
  }
  for (const [id, note] of storedNotes) notes.set(id, revealNote(note));
  const dayStart = startOfDay(now).toISOString();

  // Cards that met their first review today already used up part of today's new-card allowance. A card since
  // deleted no longer counts: the allowance bounds the cards that enter learning today, and a deleted card is
  // no longer in learning (its reviews stay, for the statistics).
  const kept = new Set(stored.map((card) => card.id));
  let newSeenToday = 0;
  for (const [cardId, rows] of byCard) {
    if (!kept.has(cardId)) continue;
    const first = rows.reduce(
      (min, row) => (row.reviewedAt < min ? row.reviewedAt : min),
      rows[0]!.reviewedAt,
    );
    if (first >= dayStart) newSeenToday++;
  }

  const due: { item: SessionCard; schedule: Card }[] = [];
  const fresh = new Map<string, LocalFlashcard[]>();
  for (const card of cards) {
    const note = notes.get(String(card.noteId));
    if (!note || card.suspended) continue;
    const schedule = replayCard(byCard.get(card.id) ?? []);
    if (schedule.state === State.New) {
      const list = fresh.get(note.id) ?? [];
      list.push(card);
      fresh.set(note.id, list);
    } else if (isDueToday(schedule, now)) {
      due.push({ item: { card, noteId: note.id, noteTitle: note.title, isNew: false }, schedule });
    }
  }
  due.sort(
    (a, b) =>
      a.schedule.due.getTime() - b.schedule.due.getTime() ||
      (a.item.card.id < b.item.card.id ? -1 : a.item.card.id > b.item.card.id ? 1 : 0),
  );

  // New cards note by note (oldest note first), each note's cards in the order of its text.
  const newCards: SessionCard[] = [];
  const allowance = Math.max(0, newPerDay - newSeenToday);
  const noteOrder = [...fresh.keys()].sort((a, b) => {
    const na = notes.get(a)!;
    const nb = notes.get(b)!;
    return na.createdAt < nb.createdAt ? -1 : na.createdAt > nb.createdAt ? 1 : a < b ? -1 : 1;
  });
  for (const noteId of noteOrder) {
    const note = notes.get(noteId)!;
    for (const card of orderCards(fresh.get(noteId)!, note.content)) {
      if (newCards.length >= allowance) break;
      newCards.push({ card, noteId, noteTitle: note.title, isNew: true });
    }
  }
  return { cards: [...due.map((d) => d.item), ...newCards], waiting };
}
