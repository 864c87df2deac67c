// appSyncLoaded() waits for the engine without loading it: the study cards' sync and code start after it.
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { appSyncLoaded, loadAppSync, loadedSyncEngine } from './load-app-sync.ts';

it('resolves once the engine has loaded, and does not load it itself', async () => {
  let resolved = false;
  void appSyncLoaded().then(() => {
    resolved = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(resolved).toBe(false);
  expect(loadedSyncEngine()).toBeNull();

  await loadAppSync();
  await appSyncLoaded();
  expect(resolved).toBe(true);
  expect(loadedSyncEngine()).not.toBeNull();
});
