import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { NotesDatabase } from '../db/notes-database.ts';
import { cacheHeader, readCachedHeader, VAULT_HEADER_META_KEY } from './vault-header-store.ts';

const database = new NotesDatabase(`header-test-${Math.random()}`);
afterEach(async () => {
  await database.delete();
});

it('caches the header with its version for an offline unlock, and ignores a damaged cache', async () => {
  expect(await readCachedHeader(database)).toBeNull();
  await cacheHeader({ header: { format: 'private-notes-vault', kept: true }, version: 3 }, database);
  expect(await readCachedHeader(database)).toEqual({
    header: { format: 'private-notes-vault', kept: true },
    version: 3,
  });
  await database.syncMeta.put({ key: VAULT_HEADER_META_KEY, value: '{not json' });
  expect(await readCachedHeader(database)).toBeNull();
});
