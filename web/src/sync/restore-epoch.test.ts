// A device that synced past a backup's point, against the server restored from that backup: it notices (the
// feed's restore epoch changed), sends back the notes the server lost, pulls the ones written on the restored
// server, and says so once. Before, it showed "All changes synced" with both sides missing notes.
import 'fake-indexeddb/auto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { restoreBackup } from '../../../sync-server/src/backup/restore-backup.ts';
import { startTestServer, type TestServer } from '../../../sync-server/test/helpers.ts';
import { createNote } from '../db/notes-store.ts';
import { serverRestoredMessage } from './restore-notice.ts';
import { createSyncEngine } from './sync-engine.ts';
import { faultyFetch, localSummary, serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('re-uploads what the restored server lacks, pulls what it lacks, and says so once', async () => {
  const d = fixture.device();
  for (const title of ['a1', 'a2', 'a3']) await createNote({ title, content: title, tags: [] }, d.db);
  expect(await d.engine.syncNow()).toBe('synced');

  // The backup is taken here; the device goes on writing and syncing.
  const work = await mkdtemp(path.join(os.tmpdir(), 'pn-restore-epoch-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const res = await fetch(`${fixture.server.url}/api/admin/backup`, { headers: { cookie: fixture.cookie } });
  expect(res.status).toBe(200);
  const archive = path.join(work, 'backup.zip');
  await writeFile(archive, new Uint8Array(await res.arrayBuffer()));
  for (const title of ['b1', 'b2', 'b3', 'b4', 'b5'])
    await createNote({ title, content: title, tags: [] }, d.db);
  expect(await d.engine.syncNow()).toBe('synced');
  d.engine.stop();

  // The server is restored from the backup, and another device writes to it before this one comes back.
  await restoreBackup(archive, path.join(work, 'data'));
  const restored: TestServer = await startTestServer({ dataDir: path.join(work, 'data'), databaseUrl: null });
  cleanups.push(() => restored.close({ keepData: true }));
  for (const title of ['c1', 'c2']) {
    const created = await restored.api('POST', '/api/notes', {
      cookie: fixture.cookie,
      body: { title, content: title, tags: [], clientId: `other-${title}` },
    });
    expect(created.status).toBe(201);
  }

  const engine = createSyncEngine({
    db: d.db,
    baseUrl: restored.url,
    fetch: faultyFetch({ down: false, fail500: 0, loseResponse: null, afterResponse: null }, []),
    headers: () => ({ cookie: fixture.cookie }),
    locks: null,
    isOnline: () => true,
    random: () => 0.5,
  });
  cleanups.push(async () => engine.stop());
  expect(await engine.syncNow()).toBe('synced');

  const all = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'b4', 'b5', 'c1', 'c2'];
  expect((await serverNotes(restored, fixture.cookie)).map((n) => n.title).sort()).toEqual(all);
  expect(await localSummary({ ...d, engine })).toEqual(all.map((t) => `${t}|${t}`));
  const notices = await d.db.notices.toArray();
  expect(notices.map((n) => n.message)).toEqual([serverRestoredMessage(5)]);
  expect(serverRestoredMessage(5)).toBe(
    'The server was restored from a backup; this device sent back 5 notes it had.',
  );

  // Said once: the next rounds are ordinary.
  expect(await engine.syncNow()).toBe('synced');
  expect(await d.db.notices.count()).toBe(1);
  expect((await serverNotes(restored, fixture.cookie)).length).toBe(all.length);
});
