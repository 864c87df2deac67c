// [[Links]] and locked notes: while the vault is unlocked the revealed locked notes take part (their links
// resolve, they show as backlinks, their titles are suggested); while it is locked nothing of them does.
import { createVault, type UnlockedVault } from '@private-notes/shared/vault';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { revealNote, setLockedNoteCodec } from '../../db/locked-note-codec.ts';
import type { LocalNote } from '../../db/types.ts';
import { createLockedNoteCache } from '../../vault/locked-note-cache.ts';
import { wikiLinkIndex } from './use-wiki-link-index.ts';

let vault: UnlockedVault;
beforeAll(async () => {
  vault = (
    await createVault('links passphrase', { cost: { memoryKiB: 8192, iterations: 1, parallelism: 1 } })
  ).vault;
});
afterEach(() => setLockedNoteCodec(null));

function note(id: string, title: string, content: string, lock = false): LocalNote {
  const fields = { title, content, tags: [] };
  return {
    id,
    serverId: null,
    version: null,
    ...(lock ? { title: '', tags: [], content: vault.lockNote(id, fields) } : fields),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: `2026-01-0${id.length}T00:00:00.000Z`,
    deleted: 0,
    syncState: 'synced',
    syncError: null,
  };
}

it('links of locked notes resolve and show as backlinks only while unlocked', () => {
  const stored = [
    note('p', 'Plain target', 'target body'),
    note('bb', 'Locked beta', 'beta body', true),
    note('aaa', 'Locked alpha', 'See [[Plain target]] and [[Locked beta]].', true),
  ];
  const actions = { open: () => {}, create: () => {} };

  const locked = wikiLinkIndex(stored.map(revealNote), actions);
  expect(locked.resolve('Locked beta')).toBeNull();
  expect(locked.backlinks(stored[0]!)).toEqual([]);
  expect(locked.lockedTitles('Locked', 8)).toEqual([]);

  setLockedNoteCodec(createLockedNoteCache(vault));
  const shown = stored.map(revealNote);
  const unlocked = wikiLinkIndex(shown, actions);
  expect(unlocked.resolve('locked BETA')).toBe('bb');
  expect(unlocked.backlinks(shown[0]!).map((n) => n.title)).toEqual(['Locked alpha']);
  expect(unlocked.backlinks(shown[1]!).map((n) => n.title)).toEqual(['Locked alpha']);
  expect(unlocked.lockedTitles('locked b', 8)).toEqual([{ id: 'bb', title: 'Locked beta' }]);
  expect(unlocked.lockedTitles('plain', 8)).toEqual([]);
});
