// Search index at 10,000 and 50,000 notes of ~2 KB: build time, saved size, load time, incremental update per
// note, and query latency as typed (every keystroke of words of several frequencies, the last word a prefix).
// Runs the same index code the browser's search worker runs (shared/src/search), in Node's V8.
// Goal: query p95 ≤ 50 ms at 50,000 notes.
import { performance } from 'node:perf_hooks';
import { NoteSearchIndex } from '../shared/src/search/note-search-index.ts';
import { parseSearchQuery } from '../shared/src/search/parse-search-query.ts';
import { makeNotes, makeRandom } from './lib/note-corpus.mjs';
import { reportResult } from './lib/server.mjs';

const BENCH = 'search';
const SIZES = (process.env.SEARCH_SIZES ?? '10000,50000').split(',').map(Number);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};
const savedBytes = (saved: object) =>
  Object.values(saved).reduce(
    (sum: number, v) =>
      sum +
      (ArrayBuffer.isView(v) ? v.byteLength : Array.isArray(v) ? Buffer.byteLength(JSON.stringify(v)) : 0),
    0,
  );
const ms = (v: number) => Math.round(v * 10) / 10;

for (const size of SIZES) {
  const { notes, vocabulary } = makeNotes(size);
  const started = performance.now();
  const index = NoteSearchIndex.create<string>();
  for (const note of notes) index.put(note);
  const buildMs = performance.now() - started;
  const saved = index.save();
  const sizeMb = savedBytes(saved) / 1024 / 1024;
  let t = performance.now();
  // What loading from IndexedDB does: a structured clone of the saved arrays, then the index over them.
  const loaded = NoteSearchIndex.load<string>(structuredClone(saved));
  const loadMs = performance.now() - t;

  // Incremental: 200 edits of existing notes.
  const random = makeRandom(9);
  t = performance.now();
  for (let i = 0; i < 200; i++) {
    const note = notes[Math.floor(random() * notes.length)]!;
    loaded.put({ ...note, content: `${note.content} edited ${i}` }, String(i));
  }
  const updateMs = (performance.now() - t) / 200;

  // As typed: words from common to rare, one query per keystroke; then a typo and two words.
  const targets = [vocabulary[3]!, vocabulary[200]!, vocabulary[5000]!, vocabulary[15000]!];
  const queries: string[] = [];
  for (const word of targets) for (let n = 1; n <= word.length; n++) queries.push(word.slice(0, n));
  queries.push(`${targets[2]!.slice(0, -1)}x `, `${targets[1]} ${targets[2]} `);
  const latencies: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const q of queries) {
      t = performance.now();
      loaded.search(parseSearchQuery(q));
      latencies.push(performance.now() - t);
    }
  }
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  console.log(
    `${size} notes: build ${ms(buildMs)} ms, saved ${sizeMb.toFixed(1)} MB, load ${ms(loadMs)} ms, update ${ms(updateMs)} ms/note, query p50 ${ms(percentile(latencies, 50))} ms p95 ${ms(percentile(latencies, 95))} ms (${latencies.length} queries), heap ${heapMb.toFixed(0)} MB`,
  );
  reportResult({ bench: BENCH, metric: `${size} notes: index build`, value: ms(buildMs), unit: 'ms' });
  reportResult({
    bench: BENCH,
    metric: `${size} notes: saved index size`,
    value: Number(sizeMb.toFixed(1)),
    unit: 'MB',
  });
  reportResult({ bench: BENCH, metric: `${size} notes: index load`, value: ms(loadMs), unit: 'ms' });
  reportResult({ bench: BENCH, metric: `${size} notes: update per note`, value: ms(updateMs), unit: 'ms' });
  reportResult({
    bench: BENCH,
    metric: `${size} notes: query p50 as typed`,
    value: ms(percentile(latencies, 50)),
    unit: 'ms',
  });
  reportResult({
    bench: BENCH,
    metric: `${size} notes: query p95 as typed`,
    value: ms(percentile(latencies, 95)),
    unit: 'ms',
    ...(size >= 50_000 ? { target: '≤ 50 ms', pass: percentile(latencies, 95) <= 50 } : {}),
  });
}
