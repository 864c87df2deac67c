// Flashcard reviews synced between the owner's devices: stored once each (a repeated push finds the review by
// its device-made id) and never changed, and listed by change sequence so a device pulls only what is new.
import type { Review, ReviewChanges } from '@private-notes/shared';
import type { ReviewRecord, Store } from '../storage/index.ts';

export const REVIEW_PAGE_DEFAULT = 1000;

function toReview(record: ReviewRecord): Review {
  return {
    id: record.reviewId,
    cardId: record.cardId,
    noteId: record.noteId,
    rating: record.rating,
    reviewedAt: record.reviewedAt,
  };
}

export class ReviewService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Stores the reviews not stored yet, in one write; answers how many were new. */
  async add(userId: number, reviews: readonly Review[]): Promise<number> {
    if (reviews.length === 0) return 0;
    return this.#store.write((tx) => {
      let added = 0;
      for (const review of reviews) {
        if (tx.lookup('reviews', 'reviewId', `${userId}:${review.id}`)) continue;
        tx.insert('reviews', {
          userId,
          reviewId: review.id,
          noteId: review.noteId,
          cardId: review.cardId,
          rating: review.rating,
          reviewedAt: review.reviewedAt,
          seq: tx.seq,
        });
        added++;
      }
      return added;
    });
  }

  /**
   * Reviews stored after `since`, oldest first. Only writes already on disk are listed, so a cursor handed out
   * never points past data a crash could lose (the same rule as the notes changes feed).
   */
  changes(userId: number, since: number, limit = REVIEW_PAGE_DEFAULT): ReviewChanges {
    const durable = this.#store.durableSeq;
    const stored = this.#store
      .filter('reviews', (r) => r.userId === userId && r.seq > since && r.seq <= durable)
      .sort((a, b) => a.seq - b.seq || a.id - b.id);
    // A page never splits one write's reviews, or the next page (after that seq) would skip the rest.
    let end = Math.min(limit, stored.length);
    while (end < stored.length && end > 0 && stored[end]!.seq === stored[end - 1]!.seq) end++;
    const page = stored.slice(0, end);
    const more = end < stored.length;
    const cursor = more ? page[page.length - 1]!.seq : durable;
    return { reviews: page.map(toReview), cursor: String(cursor), more };
  }
}
