// Sync push: with 10,000 notes on the server (pulled once by the device), time for the sync engine to push
// 1,000 changes queued offline (500 edits of existing notes, 400 new notes, 100 deletes) over loopback to the
// real server (every write fsynced). The device database is IndexedDB semantics through fake-indexeddb.
// Target: under 10 s. Also reports the first full pull of 10,000 notes.
import 'fake-indexeddb/auto';
import { register } from 'tsx/esm/api';
import { login, reportResult, startServer } from './lib/server.mjs';

register();
const { NotesDatabase } = await import('../web/src/db/notes-database.ts');
const { createNote, deleteNote, updateNote } = await import('../web/src/db/notes-store.ts');
const { createSyncEngine } = await import('../web/src/sync/sync-engine.ts');

const SEED = Number(process.env.SYNC_BENCH_SEED) || 10_000;
const CHANGES = 1000;
const TARGET_S = 10;
const BENCH = 'sync-push';

const paragraph =
  'Spaced repetition schedules reviews at growing intervals so that each recall happens just before the ' +
  'memory would fade. Notes taken while reading become cards; cards answered well come back later. ';
const CONTENT = paragraph.repeat(Math.ceil(1000 / paragraph.length)).slice(0, 1000);

async function seed(url, cookie) {
  let next = 0;
  async function worker() {
    while (next < SEED) {
      const i = next++;
      const res = await fetch(`${url}/api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title: `Seed ${i}`, content: CONTENT, tags: ['seed'], clientId: `seed-${i}` }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`seed ${i} answered ${res.status}`);
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker));
}

const server = await startServer();
try {
  const cookie = await login(server.url);
  let started = performance.now();
  await seed(server.url, cookie);
  console.log(`seeded ${SEED} notes on the server in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const db = new NotesDatabase(`bench-${Date.now()}`);
  const engine = createSyncEngine({
    db,
    baseUrl: server.url,
    headers: () => ({ cookie }),
    locks: null,
    isOnline: () => true,
  });
  started = performance.now();
  if ((await engine.syncNow()) !== 'synced') throw new Error(`first sync: ${engine.getStatus().message}`);
  const pullSeconds = (performance.now() - started) / 1000;
  const local = await db.notes.count();
  console.log(`first sync pulled ${local} notes in ${pullSeconds.toFixed(2)} s`);
  reportResult({
    bench: BENCH,
    metric: `first pull of ${local} notes`,
    value: Number(pullSeconds.toFixed(2)),
    unit: 's',
  });

  // Offline: queue 1,000 changes.
  const existing = await db.notes.limit(600).toArray();
  for (const note of existing.slice(0, 500))
    await updateNote(note.id, { content: `${note.content}\nedited offline` }, db);
  for (const note of existing.slice(500, 600)) await deleteNote(note.id, db);
  for (let i = 0; i < CHANGES - 600; i++)
    await createNote({ title: `Offline ${i}`, content: CONTENT, tags: ['offline'] }, db);
  const queued = await db.outbox.count();
  console.log(`queued ${queued} changes`);

  started = performance.now();
  const result = await engine.syncNow();
  const pushSeconds = (performance.now() - started) / 1000;
  if (result !== 'synced' || (await db.outbox.count()) !== 0) throw new Error(`push round: ${result}`);
  const check = await fetch(`${server.url}/api/notes`, { headers: { cookie } }).then((r) => r.json());
  const expected = SEED - 100 + (CHANGES - 600);
  if (check.length !== expected) throw new Error(`server has ${check.length} notes, expected ${expected}`);
  console.log(
    `pushed ${queued} changes in ${pushSeconds.toFixed(2)} s (${(queued / pushSeconds).toFixed(0)} changes/s); server has ${check.length} notes`,
  );
  reportResult({
    bench: BENCH,
    metric: `push ${queued} queued changes (10,000 notes on server)`,
    value: Number(pushSeconds.toFixed(2)),
    unit: 's',
    target: `< ${TARGET_S} s`,
    pass: pushSeconds < TARGET_S,
  });
  await db.delete();
} finally {
  await server.stop();
}
