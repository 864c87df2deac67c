// A full disk, then a crash, then a restart while still full, then space freed, then another crash: every
// note answered 201 is there at the end and the server always starts. On a real 8 MB tmpfs with the real
// server killed by SIGKILL when the test may mount (root); with the store's fault hooks at each step always.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  rmdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { mkdir, mkdtemp, rm, rmdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { JournalFault } from '../src/storage/journal.ts';
import { EmbeddedStore, StorageUnavailableError } from '../src/storage/store.ts';
import { OWNER_PASSWORD } from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'pn-full-crash-'));
function tryMount(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    rmdirSync(mountPoint);
    return false;
  }
}
const mounted = tryMount();
const filler = path.join(mountPoint, 'filler');

/** Fills the file system to the last byte, like another program eating the disk. */
function fillDisk(): void {
  const fd = openSync(filler, 'a');
  try {
    let chunk = Buffer.alloc(1024 * 1024);
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

/** Gives `bytes` back (less than a note needs: the next append is cut short). */
function freeSome(bytes: number): void {
  const fd = openSync(filler, 'r+');
  try {
    ftruncateSync(fd, Math.max(0, statSync(filler).size - bytes));
  } finally {
    closeSync(fd);
  }
}

afterAll(() => {
  if (!mounted) return;
  execFileSync('umount', ['-l', mountPoint]);
  rmdirSync(mountPoint);
});

describe.runIf(mounted)('full disk, SIGKILL, restart while full, space freed (8 MB tmpfs)', () => {
  const dataDir = path.join(mountPoint, 'data');
  const env = { DATA_DIR: dataDir, OWNER_PASSWORD };
  let server: ServerProcess | null = null;
  let cookie = '';
  const acknowledged = new Map<string, number>();

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
  });

  async function post(title: string, size: number): Promise<number> {
    const res = await fetch(`${server!.url}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ title, content: 'x'.repeat(size), tags: ['full'], clientId: title }),
    });
    if (res.status === 201) acknowledged.set(title, ((await res.json()) as { id: number }).id);
    else await res.body?.cancel();
    return res.status;
  }

  async function kill(): Promise<void> {
    server!.child.kill('SIGKILL');
    await server!.exited;
    server = null;
  }

  async function expectAllAcknowledged(): Promise<void> {
    const res = await fetch(`${server!.url}/api/notes?tags=full`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const stored = new Map(
      ((await res.json()) as { id: number; title: string }[]).map((note) => [note.title, note.id]),
    );
    expect([...acknowledged].filter(([title, id]) => stored.get(title) !== id)).toEqual([]);
  }

  it('keeps every 201 and always starts', async () => {
    server = await startServerProcess(env);
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD }),
    });
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    for (let i = 0; i < 10; i++) expect(await post(`before-${i}`, 20_000)).toBe(201);

    // Full: writes are refused; then a little space, so the next append is cut short; then SIGKILL.
    fillDisk();
    expect(await post('refused', 20_000)).toBe(503);
    freeSome(8192);
    expect(await post('torn', 60_000)).toBe(503);
    await kill();

    // Restart while still full: it starts, serves every acknowledged note, refuses writes.
    server = await startServerProcess(env);
    const firstRestart = server.output();
    await expectAllAcknowledged();
    expect(await post('still-full', 20_000)).toBe(503);

    // Space freed: writes are accepted, one append each; then another crash and restart.
    rmSync(filler);
    for (let i = 0; i < 5; i++) expect(await post(`after-${i}`, 20_000)).toBe(201);
    await kill();
    server = await startServerProcess(env);
    await expectAllAcknowledged();
    expect(acknowledged.size).toBe(15);
    expect(await post('last', 100)).toBe(201);
    expect(firstRestart).toMatch(/torn record at byte \d+/);
  }, 90_000);
});

describe("the same sequence with the store's fault hooks", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-full-crash-hooks-'));
    dirs.push(dir);
    const disk = { full: false, room: 0 };
    const enospc = () => Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' });
    // While full, an append writes what still fits (`room` bytes), then fails.
    const journalFault: JournalFault = (length) =>
      disk.full ? { written: Math.min(length, disk.room), error: enospc() } : undefined;
    // A snapshot cannot be written either: its temporary file's name is taken (as good as a full disk).
    const snapshotBlocked = path.join(dir, 'data.json.tmp');
    const options = { journalFault };
    const acknowledged: string[] = [];
    const note = (title: string) => ({
      title,
      content: '',
      tags: [],
      userId: 1,
      version: 1,
      clientId: title,
    });
    const write = async (store: EmbeddedStore, title: string) => {
      await store.write((tx) =>
        tx.insert('notes', { ...note(title), createdAt: '', updatedAt: '', seq: tx.seq }),
      );
      acknowledged.push(title);
    };
    const titles = (store: EmbeddedStore) => store.all('notes').map((n) => n.title);

    let store = await EmbeddedStore.open(dir, options);
    for (let i = 0; i < 3; i++) await write(store, `before-${i}`);
    disk.full = true;
    disk.room = 30;
    await mkdir(snapshotBlocked);
    await expect(write(store, 'torn')).rejects.toBeInstanceOf(StorageUnavailableError);
    // SIGKILL: the store is abandoned with the torn bytes in its journal.
    store = await EmbeddedStore.open(dir, options);
    expect(titles(store)).toEqual(acknowledged);
    await expect(write(store, 'still-full')).rejects.toBeInstanceOf(StorageUnavailableError);
    disk.full = false;
    await rmdir(snapshotBlocked);
    for (let i = 0; i < 3; i++) await write(store, `after-${i}`);
    store = await EmbeddedStore.open(dir, options);
    expect(titles(store)).toEqual(acknowledged);
    await store.close();
  });
});
