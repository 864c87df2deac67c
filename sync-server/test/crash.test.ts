// Crash safety: SIGKILL the server in the middle of a burst of writes; after a restart the data files
// parse and every write that was answered 2xx is there. With STORE=postgres the server keeps its data in a
// fresh PostgreSQL database instead, and the same acknowledged writes must be there after the restart.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { JOURNAL_FILE, SNAPSHOT_FILE } from '../src/storage/index.ts';
import { scanJournal } from '../src/storage/journal-records.ts';
import { decodeSnapshot } from '../src/storage/snapshot-file.ts';
import { makeTempDir, OWNER_PASSWORD } from './helpers.ts';
import { startServerProcess } from './server-process.ts';
import { createTestDatabase, dropTestDatabase, TEST_STORE } from './test-database.ts';

let dataDir = '';
let databaseUrl = '';
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

it('keeps every acknowledged write across a SIGKILL mid-burst', async () => {
  dataDir = await makeTempDir('pn-crash-');
  // A tiny compaction threshold makes snapshots happen during the burst too.
  const env: Record<string, string> = { DATA_DIR: dataDir, OWNER_PASSWORD, COMPACT_THRESHOLD_BYTES: '30000' };
  if (TEST_STORE === 'postgres') {
    databaseUrl = await createTestDatabase();
    env.DATABASE_URL = databaseUrl;
  }
  const first = await startServerProcess(env);
  const cookie = await login(first.url);

  const acknowledged = new Map<string, number>();
  let next = 0;
  let killed = false;
  const TOTAL = 2000;
  const KILL_AFTER = 300;
  async function worker(): Promise<void> {
    while (next < TOTAL) {
      const clientId = `crash-${next++}`;
      try {
        const res = await fetch(`${first.url}/api/notes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ title: clientId, content: 'x'.repeat(500), tags: ['crash'], clientId }),
        });
        if (res.status === 201) acknowledged.set(clientId, ((await res.json()) as { id: number }).id);
        else await res.body?.cancel();
      } catch {
        if (killed) return; // the connection died with the server: not acknowledged
      }
      if (!killed && acknowledged.size >= KILL_AFTER) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  }
  await Promise.all(Array.from({ length: 40 }, worker));
  await first.exited;
  expect(killed).toBe(true);
  expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

  if (TEST_STORE === 'embedded') {
    // The files check out: the snapshot entirely, every journal record except possibly a torn last one.
    decodeSnapshot(await readFile(path.join(dataDir, SNAPSHOT_FILE), 'utf8'));
    expect(scanJournal(await readFile(path.join(dataDir, JOURNAL_FILE))).damage).toEqual([]);
  }

  const second = await startServerProcess(env);
  try {
    // The session survived too.
    const res = await fetch(`${second.url}/api/notes?tags=crash`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const notes = (await res.json()) as { id: number; clientId: string }[];
    const stored = new Map(notes.map((n) => [n.clientId, n.id]));
    const missing = [...acknowledged].filter(([clientId, id]) => stored.get(clientId) !== id);
    expect(missing).toEqual([]);
    expect(new Set(notes.map((n) => n.clientId)).size).toBe(notes.length);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
});
