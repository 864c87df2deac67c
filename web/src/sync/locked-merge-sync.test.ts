// Concurrent edits of a locked note on two devices, against a real server on loopback: the server only ever sees
// ciphertext and cannot merge it; the device decrypts the three texts, merges them with the same three-way
// merge, seals the result and pushes it. While the vault is locked the conflict waits, and goes on once unlocked.
import 'fake-indexeddb/auto';
import { createVault, type UnlockedVault } from '@private-notes/shared/vault';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveConflict } from '../db/conflict-store.ts';
import { revealNote, setLockedNoteCodec, UNLOCK_TO_MERGE_MESSAGE } from '../db/locked-note-codec.ts';
import { createNote, retryChange, updateNote } from '../db/notes-store.ts';
import { createLockedNoteCache } from '../vault/locked-note-cache.ts';
import { type Device, serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fx = setUpSyncFixture();
const BASE = 'Diary\n\nMonday: rain.\n\nTuesday: sun.\n';
const MARKER = 'wombat-marker-3390';
let vault: UnlockedVault;

beforeAll(async () => {
  vault = (
    await createVault('merge test passphrase', { cost: { memoryKiB: 8192, iterations: 1, parallelism: 1 } })
  ).vault;
});
beforeEach(() => setLockedNoteCodec(createLockedNoteCache(vault)));
afterEach(() => setLockedNoteCodec(null));

async function sharedLockedNote(a: Device, b: Device) {
  const onA = await createNote({ title: 'Week', content: BASE, tags: ['private'] }, a.db, { locked: true });
  await a.engine.syncNow();
  await b.engine.syncNow();
  const onB = (await b.db.notes.toArray())[0]!;
  expect(onB.id).toBe(onA.id);
  return onA.id;
}

describe('a locked note edited on two devices', () => {
  it('merges on the device in plain text; the server keeps only ciphertext', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const id = await sharedLockedNote(a, b);
    await updateNote(id, { content: BASE.replace('rain.', `rain, ${MARKER}.`) }, a.db);
    await updateNote(id, { content: BASE.replace('sun.', 'sun and wind.') }, b.db);
    await a.engine.syncNow();
    expect(await b.engine.syncNow()).toBe('synced');
    await a.engine.syncNow();
    const merged = `Diary\n\nMonday: rain, ${MARKER}.\n\nTuesday: sun and wind.\n`;
    for (const device of [a, b]) {
      const row = (await device.db.notes.get(id))!;
      // The title as stored is a placeholder ('' here; this branch's server writes its default title for '').
      expect(row.title).not.toContain('Week');
      expect(row.tags).toEqual([]);
      expect(revealNote(row)).toMatchObject({ title: 'Week', content: merged, tags: ['private'] });
    }
    const stored = await serverNotes(fx.server, fx.cookie);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(MARKER);
    expect(stored[0]!.content.startsWith('pnlocked.1')).toBe(true);
  });

  it('waits for the vault when it is locked, then merges once unlocked', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const id = await sharedLockedNote(a, b);
    await updateNote(id, { content: BASE.replace('rain.', 'rain again.') }, a.db);
    await updateNote(id, { content: BASE.replace('sun.', 'sun again.') }, b.db);
    await a.engine.syncNow();
    setLockedNoteCodec(null);
    await b.engine.syncNow();
    expect(await b.db.notes.get(id)).toMatchObject({
      syncState: 'error',
      syncError: UNLOCK_TO_MERGE_MESSAGE,
    });
    setLockedNoteCodec(createLockedNoteCache(vault));
    await retryChange(id, b.db);
    expect(await b.engine.syncNow()).toBe('synced');
    expect(revealNote((await b.db.notes.get(id))!).content).toBe(
      'Diary\n\nMonday: rain again.\n\nTuesday: sun again.\n',
    );
  });

  it('keeps both where the edits overlap: the copy is a locked note too', async () => {
    const [a, b] = [fx.device(), fx.device()];
    const id = await sharedLockedNote(a, b);
    await updateNote(id, { content: BASE.replace('rain.', 'snow.') }, a.db);
    await updateNote(id, { content: BASE.replace('rain.', `hail ${MARKER}.`) }, b.db);
    await a.engine.syncNow();
    await b.engine.syncNow();
    const rows = await b.db.notes.toArray();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => !row.title.includes('Week') && row.content.startsWith('pnlocked.1'))).toBe(
      true,
    );
    const texts = rows.map((row) => revealNote(row).content).sort();
    expect(texts).toEqual([BASE.replace('rain.', `hail ${MARKER}.`), BASE.replace('rain.', 'snow.')].sort());
    expect(JSON.stringify(await b.db.conflicts.toArray())).not.toContain('Week');
  });
});

describe('resolving a locked note’s conflict', () => {
  for (const choice of ['copy', 'note'] as const) {
    it(`keeps ${choice === 'copy' ? 'this device’s' : 'the other'} text, sealed; the server sees only ciphertext`, async () => {
      const [a, b] = [fx.device(), fx.device()];
      const id = await sharedLockedNote(a, b);
      await updateNote(id, { content: BASE.replace('rain.', 'snow.') }, a.db);
      await updateNote(id, { content: BASE.replace('rain.', `hail ${MARKER}.`) }, b.db);
      await a.engine.syncNow();
      await b.engine.syncNow();
      const [conflict] = await b.db.conflicts.toArray();
      await resolveConflict(conflict!.copyId, choice, b.db);
      expect(await b.engine.syncNow()).toBe('synced');
      const rows = await b.db.notes.toArray();
      expect(rows).toHaveLength(1);
      const expected =
        choice === 'copy' ? BASE.replace('rain.', `hail ${MARKER}.`) : BASE.replace('rain.', 'snow.');
      expect(revealNote(rows[0]!)).toMatchObject({ title: 'Week', content: expected, locked: true });
      const serverId = rows[0]!.serverId!;
      const revisions = await fx.server.api('GET', `/api/notes/${serverId}/revisions`, { cookie: fx.cookie });
      const texts = await Promise.all(
        (revisions.body as Array<{ id: number }>).map(async (r) =>
          JSON.stringify(
            (await fx.server.api('GET', `/api/notes/${serverId}/revisions/${r.id}`, { cookie: fx.cookie }))
              .body,
          ),
        ),
      );
      expect(JSON.stringify(await serverNotes(fx.server, fx.cookie)) + texts.join('')).not.toContain(MARKER);
    });
  }
});
