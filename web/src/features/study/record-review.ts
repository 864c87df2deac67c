// Grading a flashcard: one new review row (never an edit of the note or of an earlier review), with an id made
// here so the row is stored once on the server and on every other device.
import { newClientId } from '../../db/client-id.ts';
import { db } from '../../db/db.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import { addReview } from '../../db/study-store.ts';
import type { ReviewRow } from '../../db/types.ts';
import { PUSHED_KEY } from './review-sync.ts';

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

function notify(): void {
  for (const listener of listeners) listener();
}

// The last grade made with `hold` stays on this device for UNDO_WINDOW_MS (or until the next grade, or until
// released), so it can be undone: the server keeps reviews forever (append-only, like every device's log), and a
// grade that never left the device can be taken back with nothing to unsend. The window is short so the grade
// still reaches other devices soon. Held in memory: a closed tab lets it go.
export const UNDO_WINDOW_MS = 10_000;
export const UNDO_REFUSED =
  'That grade can no longer be undone: it has been synced, or the time to undo it has passed.';

let held: { uid: string; until: number } | null = null;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;

function setHeld(next: { uid: string; until: number } | null): void {
  held = next;
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = null;
  // When the window closes, review sync is told, so the grade is pushed then rather than at the next minute.
  if (next) releaseTimer = setTimeout(notify, Math.max(0, next.until - Date.now()) + 50);
}

/** The uid of the review review sync must not push yet (the undoable last grade), if any. */
export function heldReviewUid(now: number = Date.now()): string | null {
  return held && now < held.until ? held.uid : null;
}

/** Lets the held grade go (the session ended); review sync pushes it soon. */
export function releaseHeldReview(): void {
  if (held === null) return;
  setHeld(null);
  notify();
}

export async function recordReview(
  input: GradeInput,
  now: Date = new Date(),
  database: NotesDatabase = db,
  options: { hold?: boolean } = {},
): Promise<ReviewRow> {
  const row: ReviewRow = {
    uid: `r${newClientId().slice(1)}`,
    cardId: input.cardId,
    noteId: input.noteId,
    rating: input.rating,
    reviewedAt: now.toISOString(),
  };
  // Set before the row exists, so a push that can see the row also sees the hold; the previous hold goes.
  setHeld(options.hold ? { uid: row.uid!, until: Date.now() + UNDO_WINDOW_MS } : null);
  try {
    const id = await addReview(row, database);
    return { ...row, id };
  } catch (error) {
    if (held?.uid === row.uid) setHeld(null);
    throw error;
  } finally {
    notify();
  }
}

/**
 * Takes back a held grade: its review row is deleted, so the card's schedule (a replay of its rows) is what it
 * was before. Answers false, changing nothing, when the grade is no longer held (the window closed, another
 * grade followed, the session ended) or was already pushed.
 */
export async function undoReview(
  uid: string,
  database: NotesDatabase = db,
  clock: () => number = Date.now,
): Promise<boolean> {
  if (heldReviewUid(clock()) !== uid) return false;
  const undone = await database.transaction('rw', database.reviews, database.syncMeta, async () => {
    const row = await database.reviews.where('uid').equals(uid).first();
    // Checked again inside the transaction: a push reading the rows before it saw the hold or, if the window had
    // closed by then, sent the row, and then this check refuses too.
    if (heldReviewUid(clock()) !== uid) return false;
    const pushed = Number((await database.syncMeta.get(PUSHED_KEY))?.value ?? 0);
    if (!row || row.id === undefined || row.id <= pushed) return false;
    await database.reviews.delete(row.id);
    return true;
  });
  if (held?.uid === uid) setHeld(null);
  return undone;
}
