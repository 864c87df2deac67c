// Flashcard reviews between this device and the server: push the rows graded here (in batches, idempotent by
// uid, so a lost answer is simply sent again) and pull the rows graded elsewhere (stored once by uid). Reviews
// only ever get added, so two devices that have both synced hold the same rows and FSRS gives the same schedule.
import { REVIEW_BATCH_MAX, REVIEWS_PATH, type Review, type ReviewChanges } from '@private-notes/shared';
import type { NotesDatabase } from '../../db/notes-database.ts';
import type { ReviewRow } from '../../db/types.ts';
import { describeAnswer, type SyncRequest, throwIfStopping } from '../../sync/sync-http.ts';

/** syncMeta keys: the highest local row id already pushed, and the server's feed cursor. */
export const PUSHED_KEY = 'reviews.pushedId';
export const CURSOR_KEY = 'reviews.cursor';

export interface ReviewSyncContext {
  db: NotesDatabase;
  request: SyncRequest;
  pageSize?: number | undefined;
  /** The uid of a review to keep back (an undoable grade, see record-review.ts): the push stops before it. */
  held?: (() => string | null) | undefined;
}

function toReview(row: ReviewRow): Review | null {
  if (typeof row.uid !== 'string' || typeof row.noteId !== 'string') return null;
  return {
    id: row.uid,
    cardId: row.cardId,
    noteId: row.noteId,
    rating: row.rating,
    reviewedAt: row.reviewedAt,
  };
}

/** Sends every local review not pushed yet; answers how many were sent. */
export async function pushReviews({ db, request, held }: ReviewSyncContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const pushed = Number((await db.syncMeta.get(PUSHED_KEY))?.value ?? 0);
    const read = await db.reviews.where('id').above(pushed).limit(REVIEW_BATCH_MAX).toArray();
    // Rows are pushed in id order and the cursor only moves forward, so everything from the held row on waits.
    const heldUid = held?.() ?? null;
    const heldAt = heldUid === null ? -1 : read.findIndex((row) => row.uid === heldUid);
    const rows = heldAt >= 0 ? read.slice(0, heldAt) : read;
    if (rows.length === 0) return sent;
    // Rows pulled from the server are already there; a row without a uid cannot be matched, so stays local.
    const reviews = rows.flatMap((row) => {
      const review = row.remote ? null : toReview(row);
      return review ? [review] : [];
    });
    if (reviews.length > 0) {
      const answer = await request('POST', REVIEWS_PATH, { reviews });
      throwIfStopping(answer);
      if (answer.status !== 200) throw new Error(describeAnswer(answer));
      sent += reviews.length;
    }
    const last = rows[rows.length - 1]!.id!;
    await db.syncMeta.put({ key: PUSHED_KEY, value: last });
  }
}

/** Stores the reviews the server has after our cursor; answers how many were new here. */
export async function pullReviews({ db, request, pageSize }: ReviewSyncContext): Promise<number> {
  let added = 0;
  for (;;) {
    const cursor = (await db.syncMeta.get(CURSOR_KEY))?.value;
    const query = new URLSearchParams();
    if (cursor !== undefined && cursor !== null) query.set('since', String(cursor));
    if (pageSize) query.set('limit', String(pageSize));
    const text = query.toString();
    const answer = await request('GET', `${REVIEWS_PATH}${text ? `?${text}` : ''}`);
    throwIfStopping(answer);
    if (answer.status !== 200) throw new Error(describeAnswer(answer));
    const page = answer.body as ReviewChanges;
    // The rows and the cursor move together, so an interrupted pull neither skips nor doubles a review.
    added += await db.transaction('rw', db.reviews, db.syncMeta, async () => {
      const known = new Set(
        (
          await db.reviews
            .where('uid')
            .anyOf(page.reviews.map((r) => r.id))
            .toArray()
        ).map((r) => r.uid),
      );
      const fresh = page.reviews
        .filter((review) => !known.has(review.id))
        .map(
          (review): Omit<ReviewRow, 'id'> => ({
            uid: review.id,
            cardId: review.cardId,
            noteId: review.noteId,
            rating: review.rating,
            reviewedAt: review.reviewedAt,
            remote: 1,
          }),
        );
      if (fresh.length > 0) await db.reviews.bulkAdd(fresh as ReviewRow[]);
      await db.syncMeta.put({ key: CURSOR_KEY, value: page.cursor });
      return fresh.length;
    });
    if (!page.more) return added;
  }
}

/** One round: pull what other devices graded, then push what was graded here. */
export async function syncReviews(ctx: ReviewSyncContext): Promise<{ pulled: number; pushed: number }> {
  const pulled = await pullReviews(ctx);
  const pushed = await pushReviews(ctx);
  return { pulled, pushed };
}
