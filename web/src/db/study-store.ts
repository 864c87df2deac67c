// Study material kept per note in the browser (the spec's flashcards-{noteId} and keypoints-{noteId}) and the
// append-only log of flashcard reviews.
import { saveGeneratedFlashcards, saveGeneratedKeyPoints } from './card-store.ts';
import { db } from './db.ts';
import type { NotesDatabase } from './notes-database.ts';
import type { LocalFlashcard, LocalKeyPoint, ReviewRow } from './types.ts';

/**
 * A new generation of a note's flashcards: untouched generated cards are replaced, the owner's (hand-made,
 * edited, suspended) stay, and every change is queued for the other devices (card-store.ts).
 */
export function saveFlashcards(
  noteId: string | number,
  cards: LocalFlashcard[],
  database: NotesDatabase = db,
): Promise<void> {
  return saveGeneratedFlashcards(noteId, cards, database);
}

export function getFlashcards(
  noteId: string | number,
  database: NotesDatabase = db,
): Promise<LocalFlashcard[]> {
  return database.flashcards.where('noteId').equals(noteId).toArray();
}

/** A new generation of a note's key points, with the same rule as flashcards. */
export function saveKeyPoints(
  noteId: string | number,
  points: LocalKeyPoint[],
  database: NotesDatabase = db,
): Promise<void> {
  return saveGeneratedKeyPoints(noteId, points, database);
}

export function getKeyPoints(
  noteId: string | number,
  database: NotesDatabase = db,
): Promise<LocalKeyPoint[]> {
  return database.keyPoints.where('noteId').equals(noteId).toArray();
}

/** Append one review; rows are never updated, so the full history can be replayed into a schedule. */
export async function addReview(
  review: Omit<ReviewRow, 'id'>,
  database: NotesDatabase = db,
): Promise<number> {
  return (await database.reviews.add(review as ReviewRow)) as number;
}

export function getReviews(cardId: string, database: NotesDatabase = db): Promise<ReviewRow[]> {
  return database.reviews.where('cardId').equals(cardId).sortBy('reviewedAt');
}
