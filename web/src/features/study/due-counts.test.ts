// Due counts over a real (fake-indexeddb) database: new cards count, graded-easy cards do not, deleted notes
// are left out, and a device without the cards counts the ones its synced reviews name.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deleteFlashcard, setCardSuspended } from '../../db/card-store.ts';
import { NotesDatabase } from '../../db/notes-database.ts';
import { createNote, deleteNote } from '../../db/notes-store.ts';
import { saveFlashcards } from '../../db/study-store.ts';
import { Rating } from './card-schedule.ts';
import { computeDueCounts } from './due-counts.ts';
import { recordReview } from './record-review.ts';

let counter = 0;
const fresh = () => new NotesDatabase(`due-${process.pid}-${++counter}`);
const card = (id: string, noteId: string) => ({ id, question: `${id}?`, answer: `${id}.`, noteId });

describe('computeDueCounts', () => {
  it('counts new and due cards per note and in total', async () => {
    const db = fresh();
    const a = await createNote({ title: 'A', content: 'a', tags: [] }, db);
    const b = await createNote({ title: 'B', content: 'b', tags: [] }, db);
    await saveFlashcards(a.id, [card('fc-a1', a.id), card('fc-a2', a.id), card('fc-a3', a.id)], db);
    await saveFlashcards(b.id, [card('fc-b1', b.id)], db);
    const now = new Date('2026-11-01T10:00:00');
    expect(await computeDueCounts(db, now)).toEqual({
      total: 4,
      byNote: new Map([
        [a.id, 3],
        [b.id, 1],
      ]),
    });

    await recordReview({ cardId: 'fc-a1', noteId: a.id, rating: Rating.Easy }, now, db);
    await recordReview({ cardId: 'fc-a2', noteId: a.id, rating: Rating.Again }, now, db);
    const after = await computeDueCounts(db, new Date('2026-11-01T10:05:00'));
    expect(after.byNote.get(a.id)).toBe(2);
    expect(after.total).toBe(3);
    // Weeks later the easy card is due again.
    expect((await computeDueCounts(db, new Date('2026-12-20T10:00:00'))).byNote.get(a.id)).toBe(3);

    // Suspended: never due, and the note does not fall back to counting the cards its reviews name.
    await setCardSuspended('fc-a3', true, db);
    expect((await computeDueCounts(db, new Date('2026-11-01T10:05:00'))).byNote.get(a.id)).toBe(1);
    await setCardSuspended('fc-b1', true, db);
    expect((await computeDueCounts(db, now)).byNote.get(b.id)).toBe(0);
    await setCardSuspended('fc-b1', false, db);

    await deleteNote(b.id, db);
    expect((await computeDueCounts(db, now)).byNote.has(b.id)).toBe(false);
  });

  it('counts only cards that exist: the reviews of a deleted card do not make it due', async () => {
    const db = fresh();
    const note = await createNote({ title: 'Synced', content: 'x', tags: [] }, db);
    const now = new Date('2026-11-01T10:00:00');
    await saveFlashcards(note.id, [card('fc-x', note.id), card('fc-y', note.id)], db);
    await recordReview({ cardId: 'fc-x', noteId: note.id, rating: Rating.Again }, now, db);
    await recordReview({ cardId: 'fc-y', noteId: note.id, rating: Rating.Again }, now, db);
    // 'Again' brings a card back in a minute: counted once that minute has passed.
    const later = new Date('2026-11-01T10:05:00');
    expect((await computeDueCounts(db, later)).byNote.get(note.id)).toBe(2);
    await deleteFlashcard('fc-y', db);
    expect((await computeDueCounts(db, later)).byNote.get(note.id)).toBe(1);
    await deleteFlashcard('fc-x', db);
    expect((await computeDueCounts(db, now)).byNote.has(note.id)).toBe(false);
  });
});
