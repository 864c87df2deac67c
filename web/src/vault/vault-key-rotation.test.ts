// Vault key rotation on the device: the walk over the sealed stores, interrupted at each step and resumed by a
// new tab (a reload), with notes under the old and the new key opening throughout, and another device's writes.
import 'fake-indexeddb/auto';
import {
  createVault,
  lockedNoteVaultKeyId,
  openHeaderKeys,
  parseVaultHeader,
  unlockVault,
  unlockVaultWithRecoveryKey,
  type VaultHeader,
} from '@private-notes/shared/vault';
import { afterEach, describe, expect, it } from 'vitest';
import { addFlashcard, addKeyPoint, openCardsOfNote } from '../db/card-store.ts';
import { revealNote, setLockedNoteCodec } from '../db/locked-note-codec.ts';
import { NotesDatabase } from '../db/notes-database.ts';
import { createNote } from '../db/notes-store.ts';
import { createLockedNoteCache } from './locked-note-cache.ts';
import { lockedNotesStore, type SealedStore } from './sealed-stores.ts';
import { createKeyRotation } from './vault-key-rotation.ts';
import { createVaultSession } from './vault-session.ts';

const cost = { memoryKiB: 8192, iterations: 1, parallelism: 1 };
const PASS = 'rotation test passphrase words';
const open: NotesDatabase[] = [];

afterEach(async () => {
  setLockedNoteCodec(null);
  for (const database of open.splice(0)) await database.delete();
});

/** The server's /api/vault: versioned, 409 on a stale base; `failNext` makes the next PUT fail (offline). */
function fakeServer(header: VaultHeader) {
  let current: { header: unknown; version: number } = { header, version: 1 };
  return {
    failNext: false,
    get: () => current,
    put(next: unknown, baseVersion: number) {
      if (this.failNext) {
        this.failNext = false;
        throw new Error('Failed to fetch');
      }
      if (baseVersion !== current.version) throw new Error('409 The vault changed on another device.');
      current = { header: JSON.parse(JSON.stringify(next)), version: current.version + 1 };
    },
  };
}
type Server = ReturnType<typeof fakeServer>;

/** One tab: its session, the codec wired as the runtime does, and the rotation. A reload is a new tab. */
function openTab(database: NotesDatabase, server: Server, stores?: SealedStore[]) {
  const session = createVaultSession({});
  const rotation = createKeyRotation({
    session,
    database,
    stored: () => server.get(),
    putHeader: async (header, baseVersion) => server.put(header, baseVersion),
    ...(stores ? { stores } : {}),
  });
  session.subscribe((state) => {
    const vault = session.current();
    setLockedNoteCodec(state.status === 'unlocked' && vault ? createLockedNoteCache(vault) : null);
  });
  return {
    session,
    rotation,
    async unlock() {
      await session.unlock(server.get().header, PASS);
      await rotation.refreshState();
      await rotation.settled();
    },
  };
}

async function setUp(count: number) {
  const database = new NotesDatabase(`rotation-test-${Math.random()}`);
  open.push(database);
  const made = await createVault(PASS, { cost });
  const server = fakeServer(made.header);
  const tab = openTab(database, server);
  tab.session.adopt(made.vault);
  for (let i = 0; i < count; i++)
    await createNote({ title: `Note ${i}`, content: `secret ${i}`, tags: ['t'] }, database, { locked: true });
  const oldKeyId = made.header.vaultKeyId;
  return { database, server, tab, oldKeyId, oldRecovery: made.recoveryKey };
}

async function keyIdsOf(database: NotesDatabase): Promise<string[]> {
  const rows = await database.notes.toArray();
  return rows.map((row) => lockedNoteVaultKeyId(row.content));
}

/** Every note readable with a vault opened from the header as the server has it now. */
async function readAll(database: NotesDatabase, server: Server) {
  setLockedNoteCodec(createLockedNoteCache(await unlockVault(server.get().header, PASS)));
  const rows = await database.notes.toArray();
  return rows.map((row) => revealNote(row).content).sort();
}

/** The notes store, but the vault locks (a reload) after `after` notes were re-sealed. */
function interruptedAfter(after: number, lock: () => void): SealedStore {
  let done = 0;
  return {
    ...lockedNotesStore,
    async reseal(id, keyId, database) {
      await lockedNotesStore.reseal(id, keyId, database);
      if (++done === after) lock();
    },
  };
}

const expected = (n: number) => Array.from({ length: n }, (_, i) => `secret ${i}`).sort();

describe('vault key rotation on the device', () => {
  it('re-seals every locked note under new keys, queues each for sync, then switches the header', async () => {
    const { database, server, tab, oldKeyId } = await setUp(12);
    await database.outbox.clear();
    const prepared = await tab.rotation.prepare(PASS);
    expect(server.get().version).toBe(1); // nothing stored before the owner saved the new recovery key
    await tab.rotation.confirm(prepared);
    const header = parseVaultHeader(server.get().header);
    expect(header.rotation).toBeUndefined();
    expect(header.vaultKeyId).not.toBe(oldKeyId);
    expect(header.retiredKeys?.map((k) => k.vaultKeyId)).toEqual([oldKeyId]);
    expect(new Set(await keyIdsOf(database))).toEqual(new Set([header.vaultKeyId]));
    expect(await database.outbox.count()).toBe(12);
    expect(tab.rotation.state()).toEqual({ phase: 'finished', total: 12, passkeysDropped: false });
    expect(await readAll(database, server)).toEqual(expected(12));
    // The new recovery key opens the rotated vault.
    expect((await unlockVaultWithRecoveryKey(header, prepared.recoveryKey)).vaultKeyId).toBe(
      header.vaultKeyId,
    );
  });

  it("a locked note's study cards follow its new key: they open after the rotation and are sent again", async () => {
    const { database, server, tab } = await setUp(2);
    const [first] = await database.notes.toArray();
    if (!first) throw new Error('no note');
    await addFlashcard(first.id, { question: 'What is sealed?', answer: 'The card' }, database);
    await addKeyPoint(first.id, 'A sealed key point', database);
    await database.cardOutbox.clear();
    await tab.rotation.confirm(await tab.rotation.prepare(PASS));
    expect(await readAll(database, server)).toEqual(expected(2));
    const cards = await openCardsOfNote(first.id, database);
    expect(cards.flashcards.map((c) => [c.question, c.answer])).toEqual([['What is sealed?', 'The card']]);
    expect(cards.keyPoints).toHaveLength(1);
    expect(await database.cardOutbox.count()).toBe(2);
  });

  it('a wrong passphrase starts nothing', async () => {
    const { server, tab } = await setUp(1);
    await expect(tab.rotation.prepare('not the passphrase at all')).rejects.toThrow(/passphrase/);
    expect(server.get().version).toBe(1);
  });

  it('resumes after a reload right after the pending header was stored', async () => {
    const { database, server, tab, oldKeyId } = await setUp(6);
    const prepared = await tab.rotation.prepare(PASS);
    // Stored, then the tab goes before the first note: simulated by locking as the walk begins.
    const first: ReturnType<typeof openTab> = openTab(database, server, [
      { ...lockedNotesStore, reseal: async () => first.session.lock('manual') },
    ]);
    first.session.adopt(tab.session.current()!);
    await first.rotation.confirm(prepared);
    expect(parseVaultHeader(server.get().header).rotation).toBeDefined();
    expect(await keyIdsOf(database)).toEqual(Array(6).fill(oldKeyId));
    // Pending: notes under the old key open with a vault unlocked from the pending header.
    expect(await readAll(database, server)).toEqual(expected(6));
    const reloaded = openTab(database, server);
    await reloaded.unlock();
    expect(parseVaultHeader(server.get().header).rotation).toBeUndefined();
    expect(await readAll(database, server)).toEqual(expected(6));
  });

  it('resumes mid-way after a reload, counting what was done, with both keys opening meanwhile', async () => {
    const { database, server, tab, oldKeyId } = await setUp(10);
    const prepared = await tab.rotation.prepare(PASS);
    const interrupted: ReturnType<typeof openTab> = openTab(database, server, [
      interruptedAfter(4, () => interrupted.session.lock('manual')),
    ]);
    interrupted.session.adopt(tab.session.current()!);
    await interrupted.rotation.confirm(prepared);
    expect(interrupted.rotation.state()).toEqual({ phase: 'waiting', startedHere: true });
    const pending = parseVaultHeader(server.get().header);
    const ids = await keyIdsOf(database);
    expect(ids.filter((id) => id === pending.rotation?.vaultKeyId)).toHaveLength(4);
    expect(ids.filter((id) => id === oldKeyId)).toHaveLength(6);
    expect(await readAll(database, server)).toEqual(expected(10));
    const reloaded = openTab(database, server);
    const seen: number[] = [];
    reloaded.rotation.subscribe(() => {
      const state = reloaded.rotation.state();
      if (state.phase === 'running') seen.push(state.done);
    });
    await reloaded.unlock();
    expect(seen[0]).toBe(4);
    expect(reloaded.rotation.state()).toMatchObject({ phase: 'finished', total: 10 });
    expect(await readAll(database, server)).toEqual(expected(10));
  });

  it('resumes when every note was re-sealed but the header switch failed (offline)', async () => {
    const { database, server, tab } = await setUp(3);
    const prepared = await tab.rotation.prepare(PASS);
    const putHeader = server.put.bind(server);
    let puts = 0;
    server.put = (header, base) => {
      if (++puts === 2) throw new Error('Failed to fetch');
      putHeader(header, base);
    };
    await tab.rotation.confirm(prepared);
    expect(tab.rotation.state()).toEqual({ phase: 'failed', message: 'Failed to fetch' });
    expect(parseVaultHeader(server.get().header).rotation).toBeDefined();
    tab.session.lock('manual');
    const reloaded = openTab(database, server);
    await reloaded.unlock();
    expect(parseVaultHeader(server.get().header).rotation).toBeUndefined();
    expect(reloaded.rotation.state()).toMatchObject({ phase: 'finished', total: 3 });
    expect(await readAll(database, server)).toEqual(expected(3));
  });

  it('another device: it follows a pending rotation, and its late write under the old key is swept after', async () => {
    const { database, server, tab, oldKeyId } = await setUp(2);
    // Device B unlocked before the rotation started: it holds only the old key.
    const deviceB = await unlockVault(server.get().header, PASS);
    const prepared = await tab.rotation.prepare(PASS);
    const first: ReturnType<typeof openTab> = openTab(database, server, [
      { ...lockedNotesStore, reseal: async () => first.session.lock('manual') },
    ]);
    first.session.adopt(tab.session.current()!);
    await first.rotation.confirm(prepared);
    // B fetches the pending header: it now opens and writes under the new key.
    const followed = openHeaderKeys(server.get().header, deviceB);
    const nextId = parseVaultHeader(server.get().header).rotation!.vaultKeyId;
    expect(lockedNoteVaultKeyId(followed.lockNote('b1', { title: 'B', content: 'from B', tags: [] }))).toBe(
      nextId,
    );
    // B's write under the old key (it had not fetched the header yet) reaches this device mid-rotation.
    const late = deviceB.lockNote('late', { title: 'Late', content: 'late write', tags: [] });
    await database.notes.put({
      id: 'late',
      serverId: 99,
      version: 3,
      title: '',
      content: late,
      tags: [],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      deleted: 0,
      syncState: 'synced',
      syncError: null,
    });
    const reloaded = openTab(database, server);
    await reloaded.unlock();
    expect(parseVaultHeader(server.get().header).vaultKeyId).toBe(nextId);
    expect(new Set(await keyIdsOf(database))).toEqual(new Set([nextId]));
    // After the switch another late write under the old key still opens, and the next unlock re-seals it.
    await database.notes.update('late', {
      content: deviceB.lockNote('late', { title: 'Late', content: 'later write', tags: [] }),
    });
    expect(await keyIdsOf(database)).toContain(oldKeyId);
    expect(await readAll(database, server)).toEqual(['later write', 'secret 0', 'secret 1']);
    reloaded.session.lock('manual');
    const again = openTab(database, server);
    await again.unlock();
    await again.rotation.refreshState();
    expect(new Set(await keyIdsOf(database))).toEqual(new Set([nextId]));
  });
});
