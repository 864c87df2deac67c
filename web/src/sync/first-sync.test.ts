// A new device's first sync against the real server on loopback: the feed in pages (a small first one), the
// progress the notes screen shows, and a fault between pages that resumes where it stopped with nothing lost
// or doubled.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createNote, updateNote } from '../db/notes-store.ts';
import { CURSOR_KEY, FIRST_SYNC_FIRST_PAGE, type PullProgress } from './pull-changes.ts';
import { baseAt } from './sync-bases.ts';
import { editAndDeleteElsewhere, feedCalls, seedServerNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();

describe('a first sync', () => {
  it('starts with a small page, then full ones, and reports how many notes of how many are stored', async () => {
    const total = FIRST_SYNC_FIRST_PAGE + 30;
    await seedServerNotes(fixture, total);
    const d = fixture.device();
    const seen: Array<PullProgress | null> = [];
    d.engine.subscribe((status) => seen.push(status.firstSync));
    expect(await d.engine.syncNow()).toBe('synced');

    expect(feedCalls(d.calls)).toHaveLength(2);
    expect(await d.db.notes.count()).toBe(total);
    const progress = seen.filter((p): p is PullProgress => p !== null);
    expect(progress).toEqual([
      { received: 0, total: null },
      { received: FIRST_SYNC_FIRST_PAGE, total },
      { received: total, total },
    ]);
    // Over once the pull is: the screen then reads the whole list.
    expect(d.engine.getStatus().firstSync).toBeNull();

    // A later round is not a first sync: nothing to report, one page asked for.
    seen.length = 0;
    await d.engine.syncNow();
    expect(seen.every((p) => p === null)).toBe(true);
  });

  it('a fault between pages keeps the pages stored and resumes after them: nothing lost, nothing doubled', async () => {
    await seedServerNotes(fixture, 130);
    const d = fixture.device({ pageSize: 40 });
    // The third page fails (it was asked for while the second was being stored).
    let feedRequests = 0;
    d.faults.failMatching = (_method, path) => path === '/api/notes/changes' && ++feedRequests === 3;
    expect(await d.engine.syncNow()).toBe('failed');
    expect(await d.db.notes.count()).toBe(80);
    const cursor = (await d.db.syncMeta.get(CURSOR_KEY))?.value;
    expect(typeof cursor).toBe('string');

    // Meanwhile a note already stored here is edited on the server, and one still to come is deleted.
    const { edited, deleted } = await editAndDeleteElsewhere(fixture, 'elsewhere-5', 'elsewhere-120');

    d.calls.length = 0;
    expect(await d.engine.syncNow()).toBe('synced');
    // Resumed from the cursor: only the rest of the feed was asked for (51 changes: 2 pages of 40).
    expect(feedCalls(d.calls)).toHaveLength(2);
    const local = await d.db.notes.toArray();
    expect(local).toHaveLength(129);
    expect(new Set(local.map((n) => n.serverId)).size).toBe(129);
    expect(local.find((n) => n.serverId === deleted)).toBeUndefined();
    expect(local.find((n) => n.serverId === edited)).toMatchObject({
      content: 'edited elsewhere',
      version: 2,
    });
    expect(await d.db.outbox.count()).toBe(0);
  });

  it('deletions find their notes by server id, whether the ids are close together or far apart', async () => {
    await seedServerNotes(fixture, 30);
    const d = fixture.device({ pageSize: 10 });
    expect(await d.engine.syncNow()).toBe('synced');
    const ids = (fixture.server.handle.store.all('notes') as Array<{ id: number }>)
      .map((n) => n.id)
      .sort((a, b) => a - b);
    const remove = async (id: number) =>
      expect(
        (await fixture.server.api('DELETE', `/api/notes/${id}`, { cookie: fixture.cookie })).status,
      ).toBe(204);
    // Far apart: their range holds most notes (the index is walked per id); then neighbours (read by range).
    for (const batch of [
      [ids[1]!, ids[28]!],
      [ids[10]!, ids[11]!],
    ]) {
      for (const id of batch) await remove(id);
      expect(await d.engine.syncNow()).toBe('synced');
      for (const id of batch) {
        expect(await d.db.notes.where('serverId').equals(id).count()).toBe(0);
        expect(await d.db.trash.where('serverId').equals(id).count()).toBe(1);
      }
    }
    expect(await d.db.notes.count()).toBe(26);
  });

  it('stores the notes alone: a synced row is its own merge base, kept in the outbox at its first edit', async () => {
    await seedServerNotes(fixture, 130);
    const d = fixture.device({ pageSize: 40 });
    expect(await d.engine.syncNow()).toBe('synced');
    expect(await d.db.notes.count()).toBe(130);
    // Each note was written once, not once more as its base.
    expect(await d.db.syncBases.count()).toBe(0);

    const row = (await d.db.notes.orderBy('id').toArray())[7]!;
    expect(row.syncState).toBe('synced');
    await updateNote(row.id, { content: 'changed here' }, d.db);
    const base = { version: row.version, title: row.title, content: row.content, tags: row.tags };
    const entry = await d.db.outbox.where('noteId').equals(row.id).first();
    expect(entry?.base).toEqual(base);
    expect(await baseAt(d.db, row.id, row.version)).toEqual({ id: row.id, ...base });
    // A second edit before the push keeps the base of the first: the text the server has.
    await updateNote(row.id, { content: 'changed again' }, d.db);
    expect((await d.db.outbox.where('noteId').equals(row.id).first())?.base).toEqual(base);
    // A note that never reached the server has no base.
    const fresh = await createNote({ title: 'New', content: 'x', tags: [] }, d.db);
    await updateNote(fresh.id, { content: 'y' }, d.db);
    expect((await d.db.outbox.where('noteId').equals(fresh.id).first())?.base).toBeUndefined();
  });
});
