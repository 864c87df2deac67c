// Locked notes on the server (issue 34): what the server's own rules cost. The server never decrypts; it checks
// that a locked note's text parses (shared/src/vault/locked-note.ts, no cryptography) on every create and edit.
// Measured two ways: the check alone over 10,000 locked notes of ~2 KB, in process; and the sync engine's push,
// POST /api/notes/batch of 500 creates over real HTTP, locked against plain notes of the same text (alternating
// rounds, median), so the figure includes the larger bodies (ciphertext is base64url, +~35 %) and the check.
// Run alone (`node bench/locked-notes-server.bench.mjs`) or by bench/run.mjs.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';
import { makeNotes } from './lib/note-corpus.mjs';
import { login, reportResult, startServer } from './lib/server.mjs';

const BENCH = 'locked-notes-server';
const BATCH = 500;
const ROUNDS = 5;
const CHECKED = 10_000;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => Math.round(value * 10) / 10;

const vault = await tsImport('../shared/src/vault/index.ts', import.meta.url);
const { checkLockedNote } = await tsImport('../sync-server/src/vault/locked-note-rules.ts', import.meta.url);
// The vault's cost does not matter here (the server never derives a key): the smallest a header may record.
const { vault: unlocked } = await vault.createVault('bench passphrase', {
  cost: { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 },
});

const { notes } = makeNotes(CHECKED);
const locked = notes.map((n) =>
  unlocked.lockNote(n.id, { title: n.title, content: n.content, tags: n.tags ?? [] }),
);
const checks = [];
for (let run = 0; run < ROUNDS; run++) {
  const started = performance.now();
  for (const content of locked) checkLockedNote({ title: '', content, tags: [] });
  checks.push(performance.now() - started);
}
const checkUs = (median(checks) * 1000) / CHECKED;
console.log(`check of ${CHECKED} locked notes: ${checks.map(ms).join(', ')} ms`);
reportResult({
  bench: BENCH,
  metric: `server check of one locked note of ~2 KB (parse, no crypto), median of ${ROUNDS} over ${CHECKED}`,
  value: Math.round(checkUs * 10) / 10,
  unit: 'µs',
});

const server = await startServer();
try {
  const cookie = await login(server.url);
  const push = async (changes) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/notes/batch`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ changes }),
    });
    const body = await res.json();
    const elapsed = performance.now() - started;
    if (res.status !== 200 || body.results.some((r) => r.status !== 201))
      throw new Error(`push refused: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return elapsed;
  };
  const times = { plain: [], locked: [] };
  // Round 0 warms the server up (its first parses and writes compile the code paths) and is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    const slice = notes.slice(round * BATCH, (round + 1) * BATCH);
    const plain = slice.map((n, i) => ({
      op: 'create',
      clientId: `plain-${round}-${i}`,
      title: n.title,
      content: n.content,
      tags: n.tags ?? [],
    }));
    const sealed = slice.map((n, i) => ({
      op: 'create',
      clientId: `locked-${round}-${i}`,
      title: '',
      content: unlocked.lockNote(`locked-${round}-${i}`, {
        title: n.title,
        content: n.content,
        tags: n.tags ?? [],
      }),
      tags: [],
    }));
    const plainMs = await push(plain);
    const lockedMs = await push(sealed);
    if (round === 0) continue;
    times.plain.push(plainMs);
    times.locked.push(lockedMs);
  }
  console.log(`push of ${BATCH} plain notes: ${times.plain.map(ms).join(', ')} ms`);
  console.log(`push of ${BATCH} locked notes: ${times.locked.map(ms).join(', ')} ms`);
  const plainMs = median(times.plain);
  const lockedMs = median(times.locked);
  reportResult({
    bench: BENCH,
    metric: `push ${BATCH} plain notes (batch create), median of ${ROUNDS}`,
    value: ms(plainMs),
    unit: 'ms',
  });
  reportResult({
    bench: BENCH,
    metric: `push ${BATCH} locked notes (batch create), median of ${ROUNDS}`,
    value: ms(lockedMs),
    unit: 'ms',
  });
  reportResult({
    bench: BENCH,
    metric: 'locked push time ÷ plain push time',
    value: Math.round((lockedMs / plainMs) * 100) / 100,
    unit: '×',
  });
} finally {
  await server.stop();
}
