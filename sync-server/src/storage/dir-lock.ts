// One server per DATA_DIR: a lock file holding the owner's pid, so a second process cannot interleave
// its journal and snapshots with the first one's. A lock left by a dead process (SIGKILL) is taken over.
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE = 'LOCK';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function acquireDirLock(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      // The same process may reopen its own folder (tests simulate a crash that way).
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(`${dir} is in use by another server (pid ${pid}); stop it or use another DATA_DIR`);
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
