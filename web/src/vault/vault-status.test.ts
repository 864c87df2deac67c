// The live 'vault' feed: a device learns of a header changed elsewhere (a vault set up, a passphrase changed)
// without a reload: the cached header is replaced by the server's.
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import { db } from '../db/db.ts';
import { readCachedHeader } from './vault-header-store.ts';

const answers: unknown[] = [];
vi.mock('../api/request.ts', () => ({
  apiRequest: vi.fn(async () => answers.shift()),
}));

afterEach(async () => {
  answers.length = 0;
  await db.syncMeta.clear();
});

it('a device without a vault caches the header set up on another device when the feed moves', async () => {
  const { vaultHeaderMoved, vaultStatus } = await import('./vault-status.ts');
  expect(await readCachedHeader()).toBeNull();
  // The header itself is opaque here; the runtime only adopts it (no crypto runs until an unlock).
  answers.push({ header: { made: 'elsewhere' }, version: 1 }, { header: { made: 'elsewhere' }, version: 1 });
  await vaultHeaderMoved();
  expect(await readCachedHeader()).toEqual({ header: { made: 'elsewhere' }, version: 1 });
  await vi.waitFor(() => expect(vaultStatus.get().known).toBe(true));

  // Loaded now: the next move reads the server's header again (a passphrase changed elsewhere).
  answers.push({ header: { made: 'elsewhere', changed: true }, version: 2 });
  await vaultHeaderMoved();
  expect(await readCachedHeader()).toEqual({ header: { made: 'elsewhere', changed: true }, version: 2 });
});
