// Study material kept per note in the browser (the spec's flashcards-{noteId} and keypoints-{noteId}) and the
// append-only log of flashcard reviews.
import { db } from './db.ts';
import type { NotesDatabase } from './notes-database.ts';
import type { LocalFlashcard, LocalKeyPoint, ReviewRow } from './types.ts';

/** Replace a note's flashcards (a new generation supersedes the old set). */
export async function saveFlashcards(
  noteId: string | number,
  cards: LocalFlashcard[],
  database: NotesDatabase = db,
): Promise<void> {
  await database.transaction('rw', database.flashcards, async () => {
    await database.flashcards.where('noteId').equals(noteId).delete();
    await database.flashcards.bulkPut(cards.map((card) => ({ ...card, noteId })));
  });
}

export function getFlashcards(
  noteId: string | number,
  database: NotesDatabase = db,
): Promise<LocalFlashcard[]> {
  return database.flashcards.where('noteId').equals(noteId).toArray();
}

export async function saveKeyPoints(
  noteId: string | number,
  points: LocalKeyPoint[],
  database: NotesDatabase = db,
): Promise<void> {
  await database.transaction('rw', database.keyPoints, async () => {
    await database.keyPoints.where('noteId').equals(noteId).delete();
    await database.keyPoints.bulkPut(points.map((point) => ({ ...point, noteId })));
  });
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
