// The audit's memory flood, against the real server in a process of its own: 6,000 minimal requests, each
// on a fresh connection, for the largest build file under 1,000 distinct query strings in identity, gzip
// and brotli. The replay cache once kept its own copy of each body per address and encoding and recorded
// every query-string variant (266 MB → 969 MB, still held a minute later). Now a build file is recorded
// once by its path and replayed whatever the query, and the process must end within the replay cache's
// documented budget plus room for the connections' own garbage.
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_BUDGET_BYTES } from '../src/routes/public-fast-path.ts';
import { ensureWebAppBuilt } from './built-web-app.ts';
import { makeTempDir } from './helpers.ts';
import {
  buildTestBundle,
  type ServerProcess,
  startServerProcess,
  type TestBundle,
} from './server-process.ts';
import { TEST_STORE } from './test-database.ts';

const MB = 1024 * 1024;
/**
 * What 6,000 connections leave in the heap besides the cache (socket objects not yet collected, the
 * allocator's free pages): the process grew about 32 MB in all here with the fix (the file's three forms
 * replayed from one entry); the same flood made the old replay cache grow by about 680 MB.
 */
const CONNECTIONS_ALLOWANCE = 64 * MB;
const DISTINCT = 1000;
const ENCODINGS = ['', 'gzip', 'br'];

/** The process's resident memory, as the kernel counts it. */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error('no VmRSS in /proc status');
  return Number(kb) * 1024;
}

/** One minimal GET on a fresh connection, read to the end of its body; resolves with the status. */
function fetchRaw(port: number, target: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    let status = 0;
    let left = -1;
    socket.on('data', (chunk: Buffer) => {
      if (left < 0) {
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        status = Number(head.slice(9, 12));
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head.slice(0, end))?.[1] ?? 0);
        left = length - (Buffer.byteLength(head, 'latin1') - end - 4);
      } else left -= chunk.length;
      if (left <= 0) {
        socket.destroy();
        resolve(status);
      }
    });
    socket.on('error', reject);
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${encoding ? `Accept-Encoding: ${encoding}\r\n` : ''}\r\n`,
    );
  });
}

describe.skipIf(TEST_STORE === 'postgres')('the public front under a flood of distinct addresses', () => {
  let built: TestBundle | null = null;
  let server: ServerProcess | null = null;
  let largest = '';

  beforeAll(async () => {
    ensureWebAppBuilt();
    const assets = path.resolve(import.meta.dirname, '../../web/dist/assets');
    largest = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0]!;
    built = await buildTestBundle();
    server = await startServerProcess({ DATA_DIR: await makeTempDir() }, built.bundle);
  }, 60_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await built?.remove();
  });

  it('keeps the process within the replay budget after 6,000 requests for query-string variants', async () => {
    const port = Number(new URL(server!.url).port);
    const pid = server!.child.pid!;
    // Each form of the file read once, as any visitor's first visit would.
    for (const encoding of ENCODINGS) expect(await fetchRaw(port, `/assets/${largest}`, encoding)).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const before = await residentBytes(pid);

    const requests: [string, string][] = [];
    for (let round = 0; round < 2; round++)
      for (let v = 0; v < DISTINCT; v++)
        for (const encoding of ENCODINGS) requests.push([`/assets/${largest}?v=${v}`, encoding]);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const [target, encoding] = requests[next++]!;
        expect(await fetchRaw(port, target, encoding)).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await new Promise((r) => setTimeout(r, 1000));

    const grown = (await residentBytes(pid)) - before;
    expect(
      grown,
      `grew ${Math.round(grown / MB)} MB for a budget of ${REPLAY_BUDGET_BYTES / MB} MB`,
    ).toBeLessThan(REPLAY_BUDGET_BYTES + CONNECTIONS_ALLOWANCE);
  }, 180_000);
});
