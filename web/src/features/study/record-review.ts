// Grading a flashcard: one new review row (never an edit of the note or of an earlier review), with an id made
// here so the row is stored once on the server and on every other device.
import { newClientId } from '../../db/client-id.ts';
import { db } from '../../db/db.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import { addReview } from '../../db/study-store.ts';
import type { ReviewRow } from '../../db/types.ts';

export interface GradeInput {
  cardId: string;
  /** The note's client id (LocalNote.id), the same on every device. */
  noteId: string;
  /** 1 again, 2 hard, 3 good, 4 easy. */
  rating: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Review sync listens here to push soon after a grade. */
export function onReviewRecorded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function recordReview(
  input: GradeInput,
  now: Date = new Date(),
  database: NotesDatabase = db,
): Promise<ReviewRow> {
  const row: ReviewRow = {
    uid: `r${newClientId().slice(1)}`,
    cardId: input.cardId,
    noteId: input.noteId,
    rating: input.rating,
    reviewedAt: now.toISOString(),
  };
  const id = await addReview(row, database);
  for (const listener of listeners) listener();
  return { ...row, id };
}
