// A server killed with SIGKILL always comes back on the same DATA_DIR, even when its old pid now belongs to
// another process (pids are reused quickly, and containers restart services with the same small pid);
// and a second live server on the same folder is still refused.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTempDir, OWNER_PASSWORD } from './helpers.ts';
import { buildTestBundle, startServerProcess, type TestBundle } from './server-process.ts';

const NS_LAST_PID = '/proc/sys/kernel/ns_last_pid';
const squatters: ChildProcess[] = [];
let dataDir = '';
// The server as `npm start` runs it, built once: this file starts it a dozen times, and each start through tsx
// compiled the sources again (about twice the CPU of a start with plain node).
let built: TestBundle | null = null;

beforeAll(async () => {
  built = await buildTestBundle();
}, 60_000);

afterAll(async () => {
  for (const child of squatters) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await built?.remove();
});

/** Starts the built server on `env` (one process, so SIGKILL hits the server itself). */
const start = (env: Record<string, string>) => startServerProcess(env, built!.bundle);

function spawnSleeper(): ChildProcess {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  squatters.push(child);
  return child;
}

/**
 * Starts a process that holds `pid`, the way a reused pid looks after a crash. Where the kernel lets us
 * choose the next pid (root on Linux) it is the very same number; elsewhere a live process's pid is left in
 * the folder's LOCK note instead, which is what a stale pid lock would have trusted.
 */
async function takeOverPid(pid: number, lockNote: string): Promise<void> {
  try {
    await writeFile(NS_LAST_PID, String(pid - 1));
    const child = spawnSleeper();
    if (child.pid === pid) return;
  } catch {
    // Not allowed to pick pids here: fall through to the LOCK note.
  }
  const child = spawnSleeper();
  await writeFile(lockNote, String(child.pid));
}

it('comes back after SIGKILL eight times in a row, even when the old pid is taken', async () => {
  dataDir = await makeTempDir('pn-restart-');
  const env = { DATA_DIR: dataDir, OWNER_PASSWORD };
  // Each round is the same case (the old pid taken by another process, through ns_last_pid where allowed, or
  // named in the LOCK note): eight show it holds round after round; twenty took 20 s of the suite's time twice.
  for (let round = 0; round < 8; round++) {
    const server = await start(env);
    expect((await fetch(`${server.url}/api/blog`)).status).toBe(200);
    const pid = server.child.pid!;
    expect(await readFile(`${dataDir}/LOCK`, 'utf8')).toBe(String(pid));
    server.child.kill('SIGKILL');
    await server.exited;
    await takeOverPid(pid, `${dataDir}/LOCK`);
  }
  const last = await start(env);
  expect((await fetch(`${last.url}/api/blog`)).status).toBe(200);
  last.child.kill('SIGTERM');
  await last.exited;
}, 240_000);

it('refuses a second live server on the same DATA_DIR, with the holder named', async () => {
  const dir = await makeTempDir('pn-lock-');
  try {
    const env = { DATA_DIR: dir, OWNER_PASSWORD };
    const first = await start(env);
    const error = await start(env).then(
      (second) => {
        second.child.kill('SIGKILL');
        return null;
      },
      (reason: Error) => reason,
    );
    expect(error?.message).toMatch(new RegExp(`in use by another server \\(pid ${first.child.pid}\\)`));
    // The refused start changed nothing: the first server still answers and still holds the folder.
    expect((await fetch(`${first.url}/api/blog`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // A clean stop releases the lock: the next start works.
    const next = await start(env);
    next.child.kill('SIGTERM');
    await next.exited;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);
