import 'fake-indexeddb/auto';
import type { Note, TrashedNote } from '@private-notes/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { NotesDatabase } from '../db/notes-database.ts';
import type { LocalNote } from '../db/types.ts';
import { countLockedNotes, deleteAllLockedNotes, type LockedNotesServer } from './delete-all-locked-notes.ts';

const LOCKED = 'pnlocked.1\nx\ny\nz\nw';
const open: NotesDatabase[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.delete();
});

function row(id: string, content: string, serverId: number | null): LocalNote {
  const now = new Date().toISOString();
  return {
    id,
    serverId,
    version: serverId === null ? null : 1,
    title: '',
    content,
    tags: [],
    createdAt: now,
    updatedAt: now,
    deleted: 0,
    syncState: 'synced',
    syncError: null,
  };
}

function fakeServer(remaining = 0) {
  const calls: string[] = [];
  const notes = [
    { id: 1, content: LOCKED },
    { id: 2, content: 'plain text' },
    { id: 3, content: LOCKED },
  ] as Note[];
  const trash = [
    { id: 4, content: LOCKED },
    { id: 5, content: 'plain in trash' },
  ] as TrashedNote[];
  const server: LockedNotesServer = {
    listNotes: async () => notes,
    deleteNote: async (id) => calls.push(`delete ${id}`),
    trash: async () => trash,
    deleteForever: async (id) => calls.push(`forever ${id}`),
    deleteVault: async (version) => {
      if (remaining) throw new Error(`409: ${remaining} locked notes remain: delete them first.`);
      calls.push(`vault ${version}`);
    },
  };
  return { server, calls };
}

async function seeded() {
  const database = new NotesDatabase(`lost-${Math.random()}`);
  open.push(database);
  await database.notes.bulkPut([row('a', LOCKED, 1), row('b', 'plain', 2), row('c', LOCKED, null)]);
  await database.outbox.add({ noteId: 'c', op: 'create', serverId: null, rev: 1, queuedAt: '', error: null });
  await database.trash.put({ ...row('t', LOCKED, 4), deletedAt: new Date().toISOString() });
  return database;
}

describe('deleting every locked note (lost passphrase and recovery key)', () => {
  it('deletes locked notes on the server, its Trash and here, then the vault; plain notes stay', async () => {
    const database = await seeded();
    expect(await countLockedNotes(database)).toEqual({ live: 2, trash: 1 });
    const { server, calls } = fakeServer();
    expect(await deleteAllLockedNotes(server, database, 7)).toBe(2);
    expect(calls).toEqual(['delete 1', 'delete 3', 'forever 4', 'vault 7']);
    expect((await database.notes.toArray()).map((n) => n.id)).toEqual(['b']);
    expect(await database.outbox.count()).toBe(0);
    expect(await database.trash.count()).toBe(0);
  });

  it('says so when the server still counts a locked note (another device made one meanwhile)', async () => {
    const database = await seeded();
    const { server } = fakeServer(1);
    await expect(deleteAllLockedNotes(server, database, 7)).rejects.toThrow('locked notes remain');
  });
});
