// A full disk under the real server, over HTTP: DATA_DIR on a tiny tmpfs that the test fills up. A write
// the disk refuses answers 503 with a message and is not kept (not even in memory), reads go on, the log
// says so, nothing acknowledged is lost, and writes succeed again once space is freed: also after a restart.
// Mounting needs root (as in CI and on this project's machines); elsewhere the test is skipped.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, statfsSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'pn-full-disk-'));
function tryMount(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    rmdirSync(mountPoint);
    return false;
  }
}
const mounted = tryMount();
const filler = path.join(mountPoint, 'filler');

/** Fills the file system to the last byte (ENOSPC), like another program eating the disk. */
function fillDisk(): void {
  const fd = openSync(filler, 'a');
  try {
    let chunk = Buffer.alloc(Math.max(4096, statfsSync(mountPoint).bavail * statfsSync(mountPoint).bsize));
    while (chunk.length >= 1) {
      try {
        writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        chunk = chunk.subarray(0, Math.floor(chunk.length / 2));
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe.runIf(mounted)('a full disk (DATA_DIR on a 4 MB tmpfs)', () => {
  const dataDir = path.join(mountPoint, 'data');
  let s: TestServer;
  let cookie: string;
  const logged: string[] = [];

  beforeAll(async () => {
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    s = await startTestServer({ dataDir });
    cookie = await s.login();
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await s?.close({ keepData: true }).catch(() => {});
    execFileSync('umount', ['-l', mountPoint]);
    rmdirSync(mountPoint);
  });

  const titles = async () =>
    ((await s.api('GET', '/api/notes', { cookie })).body as { title: string }[]).map((n) => n.title).sort();

  it('answers 503 with a message, keeps nothing of the refused write, and says so in the log', async () => {
    const kept = await s.api('POST', '/api/notes', { cookie, body: { title: 'Before', content: 'safe' } });
    expect(kept.status).toBe(201);

    fillDisk();
    const refused = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'During', content: 'x'.repeat(20_000), clientId: 'during-1' },
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      message: 'The server could not save this change: its disk is full. Nothing was saved; try again later.',
    });
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(logged.join('\n')).toMatch(/Storage: cannot write to .*\(ENOSPC/);

    // Several writes at once, an edit among them: all refused, none visible afterwards.
    const burst = await Promise.all([
      s.api('PUT', `/api/notes/${kept.body.id}`, { cookie, body: { content: 'edited'.repeat(5000) } }),
      ...Array.from({ length: 5 }, (_, i) =>
        s.api('POST', '/api/notes', { cookie, body: { title: `Burst ${i}`, content: 'y'.repeat(10_000) } }),
      ),
    ]);
    expect(burst.map((r) => r.status)).toEqual([503, 503, 503, 503, 503, 503]);
    expect(await titles()).toEqual(['Before']);
    expect((await s.api('GET', `/api/notes/${kept.body.id}`, { cookie })).body.content).toBe('safe');
  });

  it('recovers once space is back, and the retried write is stored once', async () => {
    rmSync(filler);
    const retried = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'During', content: 'x'.repeat(20_000), clientId: 'during-1' },
    });
    expect(retried.status).toBe(201);
    expect(
      (await s.api('POST', '/api/notes', { cookie, body: { title: 'After', content: 'ok' } })).status,
    ).toBe(201);
    expect(logged.join('\n')).toMatch(/Storage: writes succeed again after \d+ s; 7 write\(s\) were refused/);
    expect(await titles()).toEqual(['After', 'Before', 'During']);
  });

  it('keeps exactly the acknowledged writes across a restart', async () => {
    await s.close({ keepData: true });
    s = await startTestServer({ dataDir });
    cookie = await s.login();
    expect(await titles()).toEqual(['After', 'Before', 'During']);
  });

  it('loses nothing when the server stops while the disk is full (the snapshot waits, the journal has it all)', async () => {
    expect(
      (await s.api('POST', '/api/notes', { cookie, body: { title: 'Last', content: 'kept' } })).status,
    ).toBe(201);
    fillDisk();
    await s.close({ keepData: true });
    expect(logged.join('\n')).toMatch(/could not compact on close \(ENOSPC\)/);
    rmSync(filler);
    s = await startTestServer({ dataDir });
    cookie = await s.login();
    expect(await titles()).toEqual(['After', 'Before', 'During', 'Last']);
  });
});
