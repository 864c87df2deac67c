// What the sync engine reads while the outbox fills (an import queues thousands of entries, a batch at a time):
// a summary of the queue, never the queued entries themselves, and still every note reaches the server.
import 'fake-indexeddb/auto';
import type { DBCoreTable } from 'dexie';
import { describe, expect, it } from 'vitest';
import { type ImportWrite, writeImportBatch } from '../db/import-notes.ts';
import type { NotesDatabase } from '../db/notes-database.ts';
import { createNote, retryChange } from '../db/notes-store.ts';
import { serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();

/** Counts the outbox rows the database hands to anyone (reads by key, by keys, and queries for values). */
function countOutboxRows(db: NotesDatabase): { rows: number } {
  const counter = { rows: 0 };
  db.use({
    stack: 'dbcore',
    name: 'count-outbox-rows',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'outbox') return table;
        const counted: DBCoreTable = {
          ...table,
          async get(request) {
            const row = await table.get(request);
            if (row !== undefined) counter.rows++;
            return row;
          },
          async getMany(request) {
            const rows = await table.getMany(request);
            counter.rows += rows.filter((row) => row !== undefined).length;
            return rows;
          },
          async query(request) {
            const answer = await table.query(request);
            if (request.values) counter.rows += answer.result.length;
            return answer;
          },
        };
        return counted;
      },
    }),
  });
  return counter;
}

const imported = (batch: number, size: number): ImportWrite[] =>
  Array.from({ length: size }, (_, index) => ({
    note: {
      title: `Imported ${batch}.${index}`,
      content: `Text of note ${batch}.${index}`,
      tags: ['import'],
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-05-02T10:00:00.000Z',
      exportedId: null,
      localImages: [],
    },
    replaceId: null,
  }));

describe('the outbox as an import fills it', () => {
  it('the engine reads no queued entry while 20 batches land, counts them all, and pushes every note once online', async () => {
    let online = false;
    const network = new EventTarget();
    const d = fixture.device({ isOnline: () => online, networkEvents: network, debounceMs: 20 });
    const reads = countOutboxRows(d.db);
    d.engine.start();
    for (let batch = 0; batch < 20; batch++) await writeImportBatch(imported(batch, 10), d.db);
    await expect.poll(() => d.engine.getStatus()).toMatchObject({ kind: 'offline', pending: 200 });
    expect(reads.rows).toBe(0);

    online = true;
    network.dispatchEvent(new Event('online'));
    await expect
      .poll(async () => (await serverNotes(fixture.server, fixture.cookie)).length, { timeout: 10_000 })
      .toBe(200);
    await expect
      .poll(() => d.engine.getStatus(), { timeout: 5000 })
      .toMatchObject({ kind: 'synced', pending: 0, failed: [] });
    expect(await d.db.outbox.count()).toBe(0);
    // Each note was sent once: no entry was pushed twice because the queue changed under the engine.
    expect(d.changes()).toEqual(Array.from({ length: 200 }, () => 'create 201'));
  });

  it('a refused change shows with its reason, and Retry sends it without waiting for another trigger', async () => {
    const d = fixture.device({ debounceMs: 20 });
    const note = await createNote({ title: 'Refused once', content: 'text', tags: [] }, d.db);
    // As a refusal leaves it (push-outbox's refuse): the entry and the note keep the server's reason.
    await d.db.transaction('rw', d.db.notes, d.db.outbox, async () => {
      await d.db.outbox.where('noteId').equals(note.id).modify({ error: '413: Too large' });
      await d.db.notes.update(note.id, { syncState: 'error', syncError: '413: Too large' });
    });
    d.engine.start();
    await expect
      .poll(() => d.engine.getStatus())
      .toMatchObject({
        kind: 'error',
        pending: 1,
        failed: [{ noteId: note.id, op: 'create', error: '413: Too large' }],
      });
    expect(d.writes()).toEqual([]);

    await retryChange(note.id, d.db);
    await expect.poll(async () => (await serverNotes(fixture.server, fixture.cookie)).length).toBe(1);
    await expect.poll(() => d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0, failed: [] });
  });
});
