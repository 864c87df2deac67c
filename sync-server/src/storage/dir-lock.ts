// One server per DATA_DIR, so a second process cannot interleave its journal and snapshots with the first
// one's. The lock is a listening socket that the operating system releases the moment its holder dies
// (SIGKILL, OOM kill, power cut), so a crashed server always comes back; a pid file could not promise that,
// because pids are reused quickly and a dead server's pid may belong to another process by the restart.
//  - Linux: an abstract Unix socket named after the folder's real path (no file, released by the kernel,
//    and binding is atomic: two servers starting at once cannot both win).
//  - Windows: a named pipe, with the same properties.
//  - Elsewhere: a Unix socket file in the folder; a file nobody answers on is the remains of a dead holder.
// `LOCK` beside the data only tells a person which pid holds the folder; it is never trusted.
import { createHash } from 'node:crypto';
import { readFile, realpath, rm, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const LOCK_FILE = 'LOCK';
export const LOCK_SOCKET = 'LOCK.sock';

/** Locks held by this process, by socket address: a reopen in the same process takes its own lock over. */
const heldHere = new Map<string, net.Server>();

/** Where the lock of `dir` listens. */
export async function lockAddress(dir: string): Promise<string> {
  const real = await realpath(dir);
  const key = createHash('sha256').update(real).digest('hex').slice(0, 40);
  if (process.platform === 'linux') return `\0private-notes-data-${key}`;
  if (process.platform === 'win32') return `\\\\?\\pipe\\private-notes-data-${key}`;
  return path.join(real, LOCK_SOCKET);
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(address, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** True when a live process accepts connections on the socket file (the other platforms' staleness test). */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

async function holderPid(dir: string): Promise<string> {
  const pid = (await readFile(path.join(dir, LOCK_FILE), 'utf8').catch(() => '')).trim();
  return /^\d+$/.test(pid) ? ` (pid ${pid})` : '';
}

/** Takes the folder's lock or throws when another live server holds it. Resolves with the release. */
export async function acquireDirLock(dir: string): Promise<() => Promise<void>> {
  const address = await lockAddress(dir);
  const mine = heldHere.get(address);
  if (mine) {
    heldHere.delete(address);
    await closeServer(mine);
  }
  const server = net.createServer((socket) => socket.destroy());
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, address);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const isFile = !address.startsWith('\0') && !address.startsWith('\\\\');
      // A socket file with nobody listening is a dead holder's: remove it once and bind again.
      if (code === 'EADDRINUSE' && isFile && attempt === 0 && !(await answers(address))) {
        await unlink(address).catch(() => {});
        continue;
      }
      if (code === 'EADDRINUSE') {
        throw new Error(
          `${dir} is in use by another server${await holderPid(dir)}; stop it or use another DATA_DIR`,
        );
      }
      throw error;
    }
  }
  // The lock must never keep the process alive on its own.
  server.unref();
  heldHere.set(address, server);
  await writeFile(path.join(dir, LOCK_FILE), String(process.pid), { mode: 0o600 });
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // Taken over by a reopen in this process: the note and the name belong to the new holder now.
    if (heldHere.get(address) !== server) return;
    heldHere.delete(address);
    await rm(path.join(dir, LOCK_FILE), { force: true });
    await closeServer(server);
  };
}
