// History of a locked note: the server's revisions are ciphertext; the device reads them while unlocked ("Locked"
// otherwise), and restoring one makes it the note's next version, sealed again.
import 'fake-indexeddb/auto';
import { createVault, type UnlockedVault } from '@private-notes/shared/vault';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { revealNote, setLockedNoteCodec } from '../../../db/locked-note-codec.ts';
import { createNote, updateNote } from '../../../db/notes-store.ts';
import { setUpSyncFixture } from '../../../sync/sync-test-harness.ts';
import { createLockedNoteCache } from '../../../vault/locked-note-cache.ts';
import { readableRevision, restoreRevision } from './restore-revision.ts';

const fixture = setUpSyncFixture();
let vault: UnlockedVault;
beforeAll(async () => {
  vault = (
    await createVault('history passphrase', { cost: { memoryKiB: 8192, iterations: 1, parallelism: 1 } })
  ).vault;
});
beforeEach(() => setLockedNoteCodec(createLockedNoteCache(vault)));
afterEach(() => setLockedNoteCodec(null));

it('reads a locked revision while unlocked, not while locked, and restores it sealed', async () => {
  const a = fixture.device();
  const local = await createNote({ title: 'Recipe', content: 'secret sauce', tags: ['x'] }, a.db, {
    locked: true,
  });
  await a.engine.syncNow();
  await updateNote(local.id, { content: 'changed sauce' }, a.db);
  await a.engine.syncNow();
  const serverId = (await a.db.notes.get(local.id))!.serverId!;
  const list = await fixture.server.api('GET', `/api/notes/${serverId}/revisions`, {
    cookie: fixture.cookie,
  });
  const revision = (
    await fixture.server.api('GET', `/api/notes/${serverId}/revisions/${list.body[0].id}`, {
      cookie: fixture.cookie,
    })
  ).body as { title: string; content: string; tags: string[] };
  expect(revision.content.startsWith('pnlocked.1')).toBe(true);
  expect(JSON.stringify(revision)).not.toContain('secret sauce');

  expect(readableRevision(local.id, revision)).toMatchObject({
    title: 'Recipe',
    content: 'secret sauce',
    tags: ['x'],
  });
  setLockedNoteCodec(null);
  expect(readableRevision(local.id, revision)).toBeNull();
  setLockedNoteCodec(createLockedNoteCache(vault));

  await restoreRevision(local.id, readableRevision(local.id, revision)!, a.db);
  const row = (await a.db.notes.get(local.id))!;
  expect(row.content.startsWith('pnlocked.1')).toBe(true);
  expect(revealNote(row)).toMatchObject({ title: 'Recipe', content: 'secret sauce', tags: ['x'] });
});
