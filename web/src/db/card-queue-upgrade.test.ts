// The Dexie v12 upgrade: the cards a device had before cards synced are queued, so they reach the server; a
// card filed under a numeric (server) note id cannot be matched elsewhere and stays local.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { expect, it } from 'vitest';
import { NotesDatabase } from './notes-database.ts';

it('queues the cards and key points stored before v12', async () => {
  const name = `card-upgrade-${process.pid}-${Date.now()}`;
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
  await v2.table('flashcards').bulkAdd([
    { id: 'fc-1', noteId: 'n1', question: 'Q?', answer: 'A' },
    { id: 'fc-old', noteId: 7, question: 'Q?', answer: 'A' },
  ]);
  await v2.table('keyPoints').add({ id: 'kp-01', noteId: 'n1', content: 'Point' });
  v2.close();

  const db = new NotesDatabase(name);
  const queue = await db.cardOutbox.toArray();
  expect(
    queue.map(({ id, kind, noteId, op, baseVersion, error }) => ({
      id,
      kind,
      noteId,
      op,
      baseVersion,
      error,
    })),
  ).toEqual([
    { id: 'fc-1', kind: 'flashcard', noteId: 'n1', op: 'put', baseVersion: 0, error: null },
    { id: 'kp-01', kind: 'keyPoint', noteId: 'n1', op: 'put', baseVersion: 0, error: null },
  ]);
  expect(await db.flashcards.count()).toBe(2);
  db.close();
});
