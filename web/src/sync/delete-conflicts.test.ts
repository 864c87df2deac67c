// Deletes that cannot eat an edit: two devices against a real server, the delete on A racing an offline edit on
// B in every order. The edit always survives on both devices and on the server, and A is told.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createNote, deleteNote, updateNote } from '../db/notes-store.ts';
import { type Device, localSummary, serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();
const device = () => fixture.device();

/** A shared note synced to both devices, plus its row on B. */
async function sharedNote(a: Device, b: Device) {
  const onA = await createNote({ title: 'Day of work', content: 'v1', tags: ['t'] }, a.db);
  await a.engine.syncNow();
  await b.engine.syncNow();
  const onB = (await b.db.notes.get(onA.id))!;
  expect(onB.content).toBe('v1');
  return { onA, onB };
}

async function noticesOf(d: Device) {
  return (await d.db.notices.toArray()).map((n) => ({ noteId: n.noteId, message: n.message }));
}

describe('delete on A while B edits offline', () => {
  it('A deletes first, then B syncs its edit: the edit restores the note and A is told', async () => {
    const a = device();
    const b = device();
    const { onA, onB } = await sharedNote(a, b);
    await deleteNote(onA.id, a.db);
    await updateNote(onB.id, { content: 'a day of work' }, b.db);
    expect(await a.engine.syncNow()).toBe('synced');
    expect(await serverNotes(fixture.server, fixture.cookie)).toHaveLength(0);
    expect(await b.engine.syncNow()).toBe('synced');
    // Restored under its own id and client id: not a copy.
    const onServer = await serverNotes(fixture.server, fixture.cookie);
    expect(onServer).toEqual([
      expect.objectContaining({ id: onB.serverId, clientId: onA.id, content: 'a day of work' }),
    ]);
    expect(await localSummary(b)).toEqual(['Day of work|a day of work']);
    expect(await b.db.notices.count()).toBe(0);
    await a.engine.syncNow();
    expect(await localSummary(a)).toEqual(['Day of work|a day of work']);
    expect(await noticesOf(a)).toEqual([
      { noteId: onA.id, message: expect.stringMatching(/^“Day of work” is back: it was edited on another/) },
    ]);
    expect(await a.db.deletions.count()).toBe(0);
  });

  it('B syncs its edit first, then A syncs the delete: the delete is dropped, the edit kept, A told', async () => {
    const a = device();
    const b = device();
    const { onA, onB } = await sharedNote(a, b);
    await deleteNote(onA.id, a.db);
    await updateNote(onB.id, { content: 'a day of work' }, b.db);
    expect(await b.engine.syncNow()).toBe('synced');
    expect(await a.engine.syncNow()).toBe('synced');
    expect(a.writes()).toHaveLength(1); // the create only: the pull saw the edit before any DELETE went out
    expect(await localSummary(a)).toEqual(['Day of work|a day of work']);
    expect(await a.db.notes.get(onA.id)).toMatchObject({ deleted: 0, syncState: 'synced', version: 2 });
    expect(await noticesOf(a)).toEqual([
      { noteId: onA.id, message: expect.stringMatching(/^“Day of work” was not deleted: it was edited/) },
    ]);
    expect((await serverNotes(fixture.server, fixture.cookie)).map((n) => n.content)).toEqual([
      'a day of work',
    ]);
  });

  it('B’s edit lands between A’s pull and A’s push: the server refuses the delete (409) and the note comes back', async () => {
    const a = device();
    const b = device();
    const { onA, onB } = await sharedNote(a, b);
    await deleteNote(onA.id, a.db);
    await updateNote(onB.id, { content: 'a day of work' }, b.db);
    // Right after A's first pull answers, B pushes: A's pull has not seen the edit, its delete meets it.
    a.faults.afterResponse = async (method, url) => {
      if (method !== 'GET' || !url.includes('/changes')) return;
      a.faults.afterResponse = null;
      expect(await b.engine.syncNow()).toBe('synced');
    };
    expect(await a.engine.syncNow()).toBe('synced');
    expect(a.changes()).toEqual(['create 201', 'delete 409']);
    expect((await serverNotes(fixture.server, fixture.cookie)).map((n) => n.content)).toEqual([
      'a day of work',
    ]);
    expect(await localSummary(a)).toEqual(['Day of work|a day of work']);
    expect(await a.db.outbox.count()).toBe(0);
    expect(await noticesOf(a)).toEqual([
      { noteId: onA.id, message: expect.stringMatching(/^“Day of work” was not deleted/) },
    ]);
    await b.engine.syncNow();
    expect(await localSummary(b)).toEqual(['Day of work|a day of work']);
  });

  it('a delete of the latest version goes through and stays gone on both devices', async () => {
    const a = device();
    const b = device();
    const { onA } = await sharedNote(a, b);
    await updateNote(onA.id, { content: 'v2 here' }, a.db);
    await a.engine.syncNow();
    await deleteNote(onA.id, a.db);
    await a.engine.syncNow();
    expect(a.changes().at(-1)).toBe('delete 204');
    await b.engine.syncNow();
    expect(await serverNotes(fixture.server, fixture.cookie)).toHaveLength(0);
    expect(await localSummary(a)).toEqual([]);
    expect(await localSummary(b)).toEqual([]);
    expect(await a.db.notices.count()).toBe(0);
    expect(await a.db.deletions.count()).toBe(1);
  });
});
