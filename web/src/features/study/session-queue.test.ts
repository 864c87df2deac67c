// The review session's queue over a real (fake-indexeddb) database: reviewed cards in due order, then new cards
// up to the day's limit (less the cards first reviewed today), deleted notes left out; and undo of a held grade.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteFlashcard, setCardSuspended } from '../../db/card-store.ts';
import { NotesDatabase } from '../../db/notes-database.ts';
import { createNote, deleteNote } from '../../db/notes-store.ts';
import { saveFlashcards } from '../../db/study-store.ts';
import { Rating, replayCard } from './card-schedule.ts';
import {
  heldReviewUid,
  recordReview,
  releaseHeldReview,
  UNDO_WINDOW_MS,
  undoReview,
} from './record-review.ts';
import { PUSHED_KEY, pushReviews } from './review-sync.ts';
import { loadSessionQueue } from './session-queue.ts';

let counter = 0;
const fresh = () => new NotesDatabase(`session-${process.pid}-${++counter}`);
const card = (id: string, noteId: string) => ({ id, question: `${id}?`, answer: `${id}.`, noteId });
const ids = (queue: { card: { id: string } }[]) => queue.map((item) => item.card.id);

afterEach(() => releaseHeldReview());

/** A server that takes every pushed review and remembers their ids. */
function recordingServer() {
  const sent: string[] = [];
  const request = async (_method: string, _path: string, body?: unknown) => {
    for (const review of (body as { reviews: { id: string }[] }).reviews) sent.push(review.id);
    return { status: 200, body: { added: 1 } };
  };
  return { sent, request };
}

describe('loadSessionQueue', () => {
  it('puts reviewed cards first, oldest due first, then new cards, and leaves out deleted notes', async () => {
    const db = fresh();
    const a = await createNote({ title: 'Alpha', content: 'a1. a2. a3.', tags: [] }, db);
    const b = await createNote({ title: 'Beta', content: 'b1.', tags: [] }, db);
    const gone = await createNote({ title: 'Gone', content: 'g1.', tags: [] }, db);
    await saveFlashcards(a.id, [card('a1', a.id), card('a2', a.id), card('a3', a.id)], db);
    await saveFlashcards(b.id, [card('b1', b.id)], db);
    await saveFlashcards(gone.id, [card('g1', gone.id)], db);
    await deleteNote(gone.id, db);
    // b1 graded Again earlier than a2: both due again within minutes, b1 first. a3 Easy: days away.
    await recordReview(
      { cardId: 'b1', noteId: b.id, rating: Rating.Again },
      new Date('2026-11-01T08:00:00'),
      db,
    );
    await recordReview(
      { cardId: 'a2', noteId: a.id, rating: Rating.Again },
      new Date('2026-11-01T09:00:00'),
      db,
    );
    await recordReview(
      { cardId: 'a3', noteId: a.id, rating: Rating.Easy },
      new Date('2026-11-01T09:00:00'),
      db,
    );

    const queue = await loadSessionQueue(db, new Date('2026-11-02T10:00:00'), 20);
    expect(ids(queue)).toEqual(['b1', 'a2', 'a1']);
    expect(queue.map((item) => [item.noteTitle, item.isNew])).toEqual([
      ['Beta', false],
      ['Alpha', false],
      ['Alpha', true],
    ]);
    // Once due, the easy card joins the reviews, ordered by when it fell due (after the two Again cards).
    expect(ids(await loadSessionQueue(db, new Date('2026-12-30T10:00:00'), 20))).toEqual([
      'b1',
      'a2',
      'a3',
      'a1',
    ]);
    // A suspended card leaves every session (due or new) until it is unsuspended.
    await setCardSuspended('a2', true, db);
    await setCardSuspended('a1', true, db);
    expect(ids(await loadSessionQueue(db, new Date('2026-11-02T10:00:00'), 20))).toEqual(['b1']);
    await setCardSuspended('a2', false, db);
    expect(ids(await loadSessionQueue(db, new Date('2026-11-02T10:00:00'), 20))).toEqual(['b1', 'a2']);
  });

  it('limits new cards per day, counting the cards first reviewed today', async () => {
    const db = fresh();
    const note = await createNote({ title: 'N', content: 'c1. c2. c3. c4. c5.', tags: [] }, db);
    await saveFlashcards(
      note.id,
      ['c1', 'c2', 'c3', 'c4', 'c5'].map((id) => card(id, note.id)),
      db,
    );
    const morning = new Date('2026-11-03T08:00:00');
    expect(ids(await loadSessionQueue(db, morning, 3))).toEqual(['c1', 'c2', 'c3']);

    // Two new cards met today (graded Easy, so not due again): one new card left for today.
    await recordReview({ cardId: 'c1', noteId: note.id, rating: Rating.Easy }, morning, db);
    await recordReview({ cardId: 'c2', noteId: note.id, rating: Rating.Easy }, morning, db);
    const noon = new Date('2026-11-03T12:00:00');
    expect(ids(await loadSessionQueue(db, noon, 3))).toEqual(['c3']);
    // The next day the allowance is whole again.
    expect(ids(await loadSessionQueue(db, new Date('2026-11-04T08:00:00'), 3))).toEqual(['c3', 'c4', 'c5']);
    expect(await loadSessionQueue(db, noon, 0)).toEqual([]);
    // A card met today and then deleted gives its place back.
    await deleteFlashcard('c1', db);
    expect(ids(await loadSessionQueue(db, noon, 3))).toEqual(['c3', 'c4']);
  });
});

describe('undoReview', () => {
  it('removes the held grade, restoring the card, and the push never sends it', async () => {
    const db = fresh();
    const { sent, request } = recordingServer();
    const ctx = { db, request: request as never, held: heldReviewUid };
    const at = new Date('2026-11-05T09:00:00');
    const first = await recordReview({ cardId: 'x', noteId: 'n1', rating: Rating.Good }, at, db, {
      hold: true,
    });
    const before = replayCard(await db.reviews.toArray());
    const second = await recordReview({ cardId: 'x', noteId: 'n1', rating: Rating.Again }, at, db, {
      hold: true,
    });
    // Only the earlier grade leaves the device while the last one is held.
    await pushReviews(ctx);
    expect(sent).toEqual([first.uid]);

    expect(await undoReview(second.uid!, db)).toBe(true);
    expect((await db.reviews.toArray()).map((r) => r.uid)).toEqual([first.uid]);
    expect(replayCard(await db.reviews.toArray())).toEqual(before);
    await pushReviews(ctx);
    expect(sent).toEqual([first.uid]);
    // Undone once is undone: a second undo, or one of a grade already pushed, changes nothing.
    expect(await undoReview(second.uid!, db)).toBe(false);
    expect(await undoReview(first.uid!, db)).toBe(false);
    expect(await db.reviews.count()).toBe(1);
  });

  it('refuses once the grade is released or already pushed, and the released grade is pushed', async () => {
    const db = fresh();
    const { sent, request } = recordingServer();
    const ctx = { db, request: request as never, held: heldReviewUid };
    const row = await recordReview({ cardId: 'y', noteId: 'n2', rating: Rating.Hard }, new Date(), db, {
      hold: true,
    });
    releaseHeldReview();
    await pushReviews(ctx);
    expect(sent).toEqual([row.uid]);
    expect(await undoReview(row.uid!, db)).toBe(false);
    expect(await db.reviews.count()).toBe(1);

    // Held in this tab but pushed by another (the push cursor moved past it): still refused, nothing deleted.
    const other = await recordReview({ cardId: 'y', noteId: 'n2', rating: Rating.Good }, new Date(), db, {
      hold: true,
    });
    await db.syncMeta.put({ key: PUSHED_KEY, value: other.id! });
    expect(await undoReview(other.uid!, db)).toBe(false);
    expect(await db.reviews.count()).toBe(2);
  });

  it('lets the grade go when the undo window closes: pushed then, and undo refused', async () => {
    const db = fresh();
    const { sent, request } = recordingServer();
    const later = () => Date.now() + UNDO_WINDOW_MS + 1;
    const row = await recordReview({ cardId: 'z', noteId: 'n3', rating: Rating.Good }, new Date(), db, {
      hold: true,
    });
    await pushReviews({ db, request: request as never, held: heldReviewUid });
    expect(sent).toEqual([]);
    await pushReviews({ db, request: request as never, held: () => heldReviewUid(later()) });
    expect(sent).toEqual([row.uid]);
    expect(await undoReview(row.uid!, db, later)).toBe(false);
    expect(await db.reviews.count()).toBe(1);
  });
});
