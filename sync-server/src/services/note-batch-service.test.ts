// A batch the disk refuses: the whole transaction is undone (none of its changes stays, in memory or on disk)
// and the batch is rejected with StorageUnavailableError, so the client sends all of it again.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { EmbeddedStore, StorageUnavailableError } from '../storage/store.ts';
import { NoteBatchService } from './note-batch-service.ts';

const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

it('a batch the disk refuses keeps none of its changes; the same batch succeeds once the disk does', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-batch-fail-'));
  dirs.push(dir);
  const disk = { full: true };
  const store = await EmbeddedStore.open(dir, {
    journalFault: () =>
      disk.full
        ? { written: 5, error: Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' }) }
        : undefined,
  });
  const batches = new NoteBatchService(store);
  const changes = [1, 2, 3].map((i) => ({ op: 'create', clientId: `c${i}`, title: `n${i}`, content: 'x' }));
  await expect(batches.apply(1, changes)).rejects.toBeInstanceOf(StorageUnavailableError);
  expect(store.all('notes')).toEqual([]);
  disk.full = false;
  const results = await batches.apply(1, changes);
  expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
  await store.close();
  const reopened = await EmbeddedStore.open(dir);
  expect(reopened.all('notes').map((n) => n.clientId)).toEqual(['c1', 'c2', 'c3']);
  await reopened.close();
});
