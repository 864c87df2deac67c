// Sustained note writes: POST /api/notes for 10 s at 50 connections and at 1, with 10,000 notes of ~2 KB
// already stored. Every acknowledged write is fsynced (group commit). Target: >= 300 writes/s at 50.
import autocannon from 'autocannon';
import { makeNotes } from './lib/note-corpus.mjs';
import { login, reportResult, startServer } from './lib/server.mjs';

const SEED = Number(process.env.NOTES_BENCH_SEED) || 10_000;
const DURATION_S = Number(process.env.NOTES_BENCH_DURATION) || 10;
const TARGET = 300;

// Note texts from the shared corpus (~2 KB, varied), a pool reused in turn so making them costs the load nothing.
const CONTENTS = makeNotes(500).notes.map((note) => note.content);

function noteBody(prefix, i) {
  return JSON.stringify({
    title: `${prefix} note ${i}`,
    content: CONTENTS[i % CONTENTS.length],
    tags: ['bench', prefix],
    clientId: `${prefix}-${i}`,
  });
}

async function seed(url, cookie) {
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < SEED) {
      const i = next++;
      const res = await fetch(`${url}/api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: noteBody('seed', i),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`seed write ${i} answered ${res.status}`);
    }
  }
  await Promise.all(Array.from({ length: 50 }, worker));
  return (performance.now() - started) / 1000;
}

async function run(url, cookie, connections) {
  let i = 0;
  const prefix = `c${connections}`;
  const result = await autocannon({
    url: `${url}/api/notes`,
    connections,
    duration: DURATION_S,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    requests: [
      {
        setupRequest(req) {
          req.body = noteBody(prefix, i++);
          return req;
        },
      },
    ],
  });
  const acknowledged = result['2xx'];
  return {
    writesPerSecond: acknowledged / (result.duration || DURATION_S),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    acknowledged,
  };
}

const server = await startServer();
try {
  const cookie = await login(server.url);
  const seedSeconds = await seed(server.url, cookie);
  console.log(
    `Seeded ${SEED} notes of ~2 KB in ${seedSeconds.toFixed(1)} s (${Math.round(SEED / seedSeconds)} writes/s)`,
  );
  let acknowledged = SEED;
  for (const connections of [50, 1]) {
    const r = await run(server.url, cookie, connections);
    acknowledged += r.acknowledged;
    console.log(
      `POST /api/notes, ${connections} connection(s), ${DURATION_S} s: ${r.writesPerSecond.toFixed(0)} acknowledged writes/s, ` +
        `p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
    reportResult({
      bench: 'notes-write',
      metric: `acknowledged note writes/s, ${connections} conn (p99 ${r.p99} ms)`,
      value: Math.round(r.writesPerSecond),
      unit: 'writes/s',
      ...(connections === 50
        ? { target: `>= ${TARGET}`, pass: r.writesPerSecond >= TARGET && r.non2xx === 0 }
        : {}),
    });
  }
  // Every acknowledged write must be stored: count through the API.
  const list = await fetch(`${server.url}/api/notes?tags=bench`, { headers: { cookie } });
  const stored = (await list.json()).length;
  console.log(`Notes stored after the runs: ${stored} (acknowledged: ${acknowledged})`);
  if (stored < acknowledged) throw new Error('fewer notes stored than writes acknowledged');
} finally {
  await server.stop();
}
