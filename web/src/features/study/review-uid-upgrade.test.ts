// The Dexie v3 upgrade: review rows written before reviews had a uid get a unique one, so they sync too.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { expect, it } from 'vitest';
import { NotesDatabase } from '../../db/notes-database.ts';

it('gives older review rows a unique uid, and the uid index refuses a duplicate', async () => {
  const name = `upgrade-${process.pid}-${Date.now()}`;
  const v2 = new Dexie(name);
  v2.version(2).stores({
    notes: 'id, serverId, updatedAt, createdAt, deleted, syncState, *tags',
    outbox: '++seq, &noteId, serverId',
    drafts: 'id',
    flashcards: 'id, noteId',
    keyPoints: 'id, noteId',
    reviews: '++id, cardId, noteId, reviewedAt',
    syncMeta: 'key',
  });
  await v2.table('reviews').bulkAdd([
    { cardId: 'fc-1', noteId: 'n1', rating: 3, reviewedAt: '2026-11-01T09:00:00.000Z' },
    { cardId: 'fc-1', noteId: 'n1', rating: 4, reviewedAt: '2026-11-02T09:00:00.000Z' },
  ]);
  v2.close();

  const db = new NotesDatabase(name);
  const rows = await db.reviews.toArray();
  expect(rows).toHaveLength(2);
  expect(rows.every((row) => typeof row.uid === 'string' && row.uid.length > 0)).toBe(true);
  expect(new Set(rows.map((row) => row.uid)).size).toBe(2);
  await expect(
    db.reviews.add({
      uid: rows[0]!.uid,
      cardId: 'fc-2',
      noteId: 'n1',
      rating: 1,
      reviewedAt: rows[0]!.reviewedAt,
    }),
  ).rejects.toThrow();
  db.close();
});
