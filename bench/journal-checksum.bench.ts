// What checking every journal record costs: framing a record (length + CRC32) against the bare JSON line it
// replaced, and reading a 32 MB journal (the default compaction threshold) at start: scanJournal (checksums
// verified) against the old split-and-parse. 2 KB notes, one per record, as the notes API writes them.
import { crc32 } from 'node:zlib';
import { encodeJournalRecord, scanJournal } from '../sync-server/src/storage/journal-records.ts';
import { reportResult } from './lib/server.mjs';

const CONTENT = 'Spaced repetition schedules reviews at growing intervals. '.repeat(35).slice(0, 2000);
const record = (s: number) => ({
  s,
  ops: [
    {
      o: 'put' as const,
      c: 'notes' as const,
      r: { id: s, title: `Note ${s}`, content: CONTENT, tags: ['bench'], userId: 1, version: 1, seq: s },
    },
  ],
});

function time(fn: () => void): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

const WRITES = 20_000;
// Warm up both paths.
for (let i = 0; i < 2000; i++) {
  encodeJournalRecord(record(i));
  `${JSON.stringify(record(i))}\n`;
}
const bare = time(() => {
  for (let i = 0; i < WRITES; i++) `${JSON.stringify(record(i))}\n`;
});
const framed = time(() => {
  for (let i = 0; i < WRITES; i++) encodeJournalRecord(record(i));
});
reportResult({
  bench: 'journal-checksum',
  metric: 'bare JSON line per write',
  value: (bare / WRITES) * 1000,
  unit: 'µs',
});
reportResult({
  bench: 'journal-checksum',
  metric: 'framed record (length + CRC32) per write',
  value: (framed / WRITES) * 1000,
  unit: 'µs',
});

const lines: string[] = [];
let size = 0;
for (let s = 1; size < 32 * 1024 * 1024; s++) {
  const line = encodeJournalRecord(record(s));
  lines.push(line);
  size += Buffer.byteLength(line);
}
const framedFile = Buffer.from(lines.join(''));
const bareFile = Buffer.from(lines.map((line) => line.slice(line.indexOf('{'))).join(''));
// Each path once before it is timed (the JIT), as a server that has run for a while would have.
scanJournal(framedFile.subarray(0, 1024 * 1024));
const scan = time(() => {
  scanJournal(framedFile);
});
const parse = time(() => {
  for (const line of bareFile.toString('utf8').split('\n')) if (line) JSON.parse(line);
});
const crcOnly = time(() => {
  crc32(framedFile);
});
reportResult({
  bench: 'journal-checksum',
  metric: `start-up read of a 32 MB journal (${lines.length} records), checked`,
  value: scan,
  unit: 'ms',
});
reportResult({
  bench: 'journal-checksum',
  metric: 'start-up read of the same journal, bare JSON lines (before)',
  value: parse,
  unit: 'ms',
});
reportResult({ bench: 'journal-checksum', metric: 'CRC32 of 32 MB alone', value: crcOnly, unit: 'ms' });
