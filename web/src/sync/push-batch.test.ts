// The push in batches, against a real server on loopback: one request per batch of entries, every answer of a
// batch written in one local transaction (the notes' live queries wake once per batch, not once per note), a
// long note never makes a request too large, and a batch mixing every kind of change settles each note as its
// own request would, also when its answer was lost and the batch is sent again. The next batch goes out before
// the answers to the one before are written.
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { type ImportWrite, writeImportBatch } from '../db/import-notes.ts';
import type { NotesDatabase } from '../db/notes-database.ts';
import { createNote, deleteNote, updateNote } from '../db/notes-store.ts';
import { PUSH_BATCH_BYTES, PUSH_BATCH_SIZE, pushOutbox } from './push-outbox.ts';
import { createSyncRequest, type SyncRequest } from './sync-http.ts';
import { localSummary, serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();

const imported = (count: number, content = (i: number) => `Text ${i}`): ImportWrite[] =>
  Array.from({ length: count }, (_, index) => ({
    note: {
      title: `Imported ${index}`,
      content: content(index),
      tags: ['import'],
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-05-02T10:00:00.000Z',
      exportedId: null,
      localImages: [],
    },
    replaceId: null,
  }));

/** The push alone (no pull), over real HTTP, recording how many changes each request carried. */
function pushContext(db: NotesDatabase) {
  const base = createSyncRequest({
    baseUrl: fixture.server.url,
    headers: () => ({ cookie: fixture.cookie }),
  });
  const batches: number[] = [];
  /** Batches sent and transactions writing notes, in the order they started. */
  const events: string[] = [];
  const request: SyncRequest = (method, path, body, signal) => {
    const changes = (body as { changes?: unknown[] } | undefined)?.changes;
    if (changes) {
      batches.push(changes.length);
      events.push(`send ${changes.length}`);
    }
    return base(method, path, body, signal);
  };
  return { ctx: { db, request, now: () => new Date() }, batches, events };
}

/** Counts the transactions that write the notes table, and the runs of a live query watching it. */
function watchNotes(db: NotesDatabase, events: string[] = []) {
  const writers = new Set<unknown>();
  db.use({
    stack: 'dbcore',
    name: 'count-note-writers',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'notes') return table;
        return {
          ...table,
          mutate(request) {
            if (!writers.has(request.trans)) events.push('write');
            writers.add(request.trans);
            return table.mutate(request);
          },
        };
      },
    }),
  });
  let runs = 0;
  const subscription = liveQuery(() => {
    runs++;
    return db.notes.count();
  }).subscribe({ next: () => {}, error: () => {} });
  return {
    writers: () => writers.size,
    runs: () => runs,
    stop: () => subscription.unsubscribe(),
  };
}

describe('the push in batches', () => {
  it('sends 600 queued notes in two requests and writes their answers in one transaction per batch', async () => {
    const d = fixture.device();
    const { ctx, batches, events } = pushContext(d.db);
    // Before the database opens: a middleware added later would not see its writes.
    const watch = watchNotes(d.db, events);
    await writeImportBatch(imported(600), d.db);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
    await settle();
    const [writersBefore, runsBefore] = [watch.writers(), watch.runs()];
    expect(await pushOutbox(ctx)).toBe(600);
    expect(batches).toEqual([PUSH_BATCH_SIZE, 600 - PUSH_BATCH_SIZE]);
    expect(watch.writers() - writersBefore).toBe(2);
    // The second batch went out before the first one's answers were written.
    expect(events.slice(-4)).toEqual(['send 500', 'send 100', 'write', 'write']);
    // The live query woke once per batch at most (once per note before).
    await settle();
    expect(watch.runs() - runsBefore).toBeGreaterThan(0);
    expect(watch.runs() - runsBefore).toBeLessThanOrEqual(2);
    watch.stop();
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.notes.where('syncState').notEqual('synced').count()).toBe(0);
    const onServer = await serverNotes(fixture.server, fixture.cookie);
    expect(onServer).toHaveLength(600);
    expect(new Set(onServer.map((n) => n.clientId)).size).toBe(600);
  });

  it('keeps a request within its text budget: long notes go in batches of their own size', async () => {
    const d = fixture.device();
    const long = Math.floor(PUSH_BATCH_BYTES * 0.4);
    // Three long notes, then two short ones: the third long note would pass the budget, so it starts a batch.
    await writeImportBatch(
      imported(5, (i) => (i < 3 ? `${i}`.repeat(long) : `short ${i}`)),
      d.db,
    );
    const { ctx, batches } = pushContext(d.db);
    expect(await pushOutbox(ctx)).toBe(5);
    expect(batches).toEqual([2, 3]);
    const onServer = await serverNotes(fixture.server, fixture.cookie);
    expect(onServer.map((n) => n.content.length).sort((a, b) => b - a)).toEqual([long, long, long, 7, 7]);
  });

  it('a batch of creates, edits, a delete and a stale edit, its answer lost, settles each note once', async () => {
    const d = fixture.device();
    const [stale, edited, doomed] = [
      await createNote({ title: 'Stale', content: 'First line.\n\nSecond line.\n', tags: [] }, d.db),
      await createNote({ title: 'Edited', content: 'v1', tags: [] }, d.db),
      await createNote({ title: 'Doomed', content: 'bye', tags: [] }, d.db),
    ];
    expect(await d.engine.syncNow()).toBe('synced');
    // Another client edits the first paragraph of "Stale" on the server.
    const staleId = (await d.db.notes.get(stale.id))!.serverId!;
    const other = await fixture.server.api('PUT', `/api/notes/${staleId}`, {
      cookie: fixture.cookie,
      body: { content: 'First line, edited elsewhere.\n\nSecond line.\n', baseVersion: 1 },
    });
    expect(other.status).toBe(200);
    // Here, offline: an edit of the second paragraph, an edit, a delete, a new note; all in one batch.
    await updateNote(stale.id, { content: 'First line.\n\nSecond line, edited here.\n' }, d.db);
    await updateNote(edited.id, { content: 'v2' }, d.db);
    await deleteNote(doomed.id, d.db);
    const fresh = await createNote({ title: 'Fresh', content: 'new', tags: [] }, d.db);
    const callsBefore = d.calls.length;
    d.faults.loseResponse = (method) => method === 'POST';
    expect(await d.engine.syncNow()).toBe('failed');
    expect(await d.db.outbox.count()).toBe(4);
    expect(await d.engine.syncNow()).toBe('synced');

    expect(d.calls.slice(callsBefore).flatMap((call) => call.changes ?? [])).toEqual([
      // The batch that committed, its answer lost.
      'update',
      'update',
      'delete',
      'create',
      // The pull before the retry brought the delete back as done; the rest is sent again. The applied edit
      // meets itself (409, nothing to merge), the create answers the note it made.
      'update 409',
      'update 409',
      'create 200',
      // The stale edit merged with the other client's and pushed on top of it.
      'update 200',
    ]);
    const onServer = await serverNotes(fixture.server, fixture.cookie);
    expect(onServer.map((n) => `${n.title}|${n.content}`).sort()).toEqual([
      'Edited|v2',
      'Fresh|new',
      'Stale|First line, edited elsewhere.\n\nSecond line, edited here.\n',
    ]);
    expect(await localSummary(d)).toEqual(onServer.map((n) => `${n.title}|${n.content}`).sort());
    expect(await d.db.notes.get(fresh.id)).toMatchObject({ syncState: 'synced', version: 1 });
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.conflicts.count()).toBe(0);
  });
});
