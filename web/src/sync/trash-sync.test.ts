// The Trash on devices, against a real server: a delete keeps a copy in the device's Trash, Undo and Restore
// bring the note back (offline too) with its server history, other devices drop it and get it back, and the
// server's Trash replaces what a device knew once it is fetched.
import 'fake-indexeddb/auto';
import type { TrashedNote } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import { createNote, deleteNote, updateNote } from '../db/notes-store.ts';
import {
  DELETE_NOT_SYNCED_MESSAGE,
  deleteForever,
  emptyTrash,
  listTrash,
  replaceTrashFromServer,
  restoreFromTrash,
} from '../db/trash-store.ts';
import { localSummary, serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();
const device = () => fixture.device();

async function serverTrash(): Promise<TrashedNote[]> {
  const res = await fixture.server.api('GET', '/api/trash', { cookie: fixture.cookie });
  expect(res.status).toBe(200);
  return res.body;
}

async function serverRevisions(serverId: number): Promise<number> {
  const res = await fixture.server.api('GET', `/api/notes/${serverId}/revisions`, { cookie: fixture.cookie });
  expect(res.status).toBe(200);
  return res.body.length;
}

describe('Trash on the device', () => {
  it('Undo right after a delete (not yet pushed) takes the delete back: nothing reaches the server', async () => {
    const a = device();
    const note = await createNote({ title: 'Oops', content: 'keep me', tags: [] }, a.db);
    await a.engine.syncNow();
    await deleteNote(note.id, a.db);
    expect((await listTrash(a.db)).map((r) => r.title)).toEqual(['Oops']);
    await restoreFromTrash(note.id, a.db);
    expect(await listTrash(a.db)).toEqual([]);
    expect(await localSummary(a)).toEqual(['Oops|keep me']);
    expect(await a.engine.syncNow()).toBe('synced');
    expect(await serverTrash()).toEqual([]);
    expect((await serverNotes(fixture.server, fixture.cookie)).map((n) => n.content)).toEqual(['keep me']);
  });

  it('Restore after the delete reached the server works offline, brings the note back with its history, and to other devices', async () => {
    const a = device();
    const b = device();
    const note = await createNote({ title: 'Recipe', content: 'v1', tags: ['food'] }, a.db);
    await a.engine.syncNow();
    await updateNote(note.id, { content: 'v2' }, a.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    const serverId = (await a.db.notes.get(note.id))!.serverId!;
    expect(await serverRevisions(serverId)).toBe(1);

    await deleteNote(note.id, a.db);
    await a.engine.syncNow();
    expect(await a.db.notes.count()).toBe(0);
    expect((await serverTrash()).map((t) => t.id)).toEqual([serverId]);
    // B drops it from its list and keeps it in its own Trash.
    await b.engine.syncNow();
    expect(await localSummary(b)).toEqual([]);
    expect((await listTrash(b.db)).map((r) => r.id)).toEqual([note.id]);

    // A restores (no network needed for this step), then syncs.
    await restoreFromTrash(note.id, a.db);
    expect(await localSummary(a)).toEqual(['Recipe|v2']);
    expect(await a.engine.syncNow()).toBe('synced');
    expect(await serverTrash()).toEqual([]);
    const [onServer] = await serverNotes(fixture.server, fixture.cookie);
    expect(onServer).toMatchObject({ id: serverId, clientId: note.id, content: 'v2', tags: ['food'] });
    expect(await serverRevisions(serverId)).toBe(1);
    // B gets it back, under the same row, and out of its Trash; A is told nothing odd.
    await b.engine.syncNow();
    expect(await localSummary(b)).toEqual(['Recipe|v2']);
    expect(await listTrash(b.db)).toEqual([]);
    expect(await a.db.notices.count()).toBe(0);
  });

  it('Delete forever removes the note and its revisions on the server; refused while the delete is not pushed', async () => {
    const a = device();
    const note = await createNote({ title: 'Secret', content: 's1', tags: [] }, a.db);
    await a.engine.syncNow();
    await updateNote(note.id, { content: 's2' }, a.db);
    await a.engine.syncNow();
    const serverId = (await a.db.notes.get(note.id))!.serverId!;
    await deleteNote(note.id, a.db);
    const remove = async (id: number) => {
      const res = await fixture.server.api('DELETE', `/api/trash/${id}`, { cookie: fixture.cookie });
      if (res.status !== 204) throw new Error(`status ${res.status}`);
    };
    await expect(deleteForever(note.id, remove, a.db)).rejects.toThrow(DELETE_NOT_SYNCED_MESSAGE);
    await a.engine.syncNow();
    await deleteForever(note.id, remove, a.db);
    expect(await listTrash(a.db)).toEqual([]);
    expect(await serverTrash()).toEqual([]);
    expect(fixture.server.handle.store.filter('noteRevisions', (r) => r.noteId === serverId)).toEqual([]);
  });

  it("the server's Trash replaces what a device knew; a note never synced stays; Empty trash clears both", async () => {
    const a = device();
    const b = device();
    const shared = await createNote({ title: 'Shared', content: 'x', tags: [] }, a.db);
    await a.engine.syncNow();
    await deleteNote(shared.id, a.db);
    await a.engine.syncNow();
    const local = await createNote({ title: 'Offline only', content: 'y', tags: [] }, b.db);
    await deleteNote(local.id, b.db);
    expect((await listTrash(b.db)).map((r) => r.title)).toEqual(['Offline only']);
    await replaceTrashFromServer(await serverTrash(), b.db);
    expect((await listTrash(b.db)).map((r) => r.title).sort()).toEqual(['Offline only', 'Shared']);
    // Restoring a note that never reached the server creates it.
    await restoreFromTrash(local.id, b.db);
    await b.engine.syncNow();
    expect((await serverNotes(fixture.server, fixture.cookie)).map((n) => n.title)).toEqual(['Offline only']);

    await emptyTrash(async () => {
      const res = await fixture.server.api('DELETE', '/api/trash', { cookie: fixture.cookie });
      expect(res.status).toBe(200);
    }, b.db);
    expect(await listTrash(b.db)).toEqual([]);
    expect(await serverTrash()).toEqual([]);
    // A, which still had its copy, drops it once it sees the server's Trash.
    await replaceTrashFromServer(await serverTrash(), a.db);
    expect(await listTrash(a.db)).toEqual([]);
  });
});
