// The data folder holds the session secret, the TOTP secret, the password hash, the mail token key and every
// note: only the server's own user may read it. New folders are created 0700 and files 0600 where they are
// written; this tightens what an earlier version (or a hand copy) left readable by others, once, at start.
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

async function tighten(target: string, mode: number): Promise<boolean> {
  const info = await stat(target).catch(() => null);
  if (!info || (info.mode & 0o077) === 0) return false;
  await chmod(target, mode);
  return true;
}

/** The folder and everything in it: folders 0700, files 0600 (attachments and their variants included). */
async function tightenFolder(dir: string): Promise<number> {
  let changed = (await tighten(dir, 0o700)) ? 1 : 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) changed += await tightenFolder(target);
    else if (entry.isFile() && (await tighten(target, 0o600))) changed++;
  }
  return changed;
}

/**
 * Creates DATA_DIR (0700) if needed, and makes DATA_DIR with every folder and file in it (captured mail,
 * attachments) and BACKUP_DIR readable by this user only, saying so in the log when anything had to change. Never fails the start: a folder it may
 * not change (another owner, a read-only mount) is left as it is, with a warning.
 */
export async function keepDataPrivate(
  dataDir: string,
  backupDir: string | null,
  log: (line: string) => void = console.error,
): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    let changed = await tightenFolder(dataDir);
    if (backupDir) changed += await tightenFolder(backupDir);
    if (changed > 0)
      log(
        `Storage: ${changed} file(s) and folder(s) in ${dataDir}${backupDir ? ` and ${backupDir}` : ''} were ` +
          'readable by other users of this machine; they are now private to this user (folders 0700, files 0600).',
      );
  } catch (error) {
    log(
      `Storage: could not make ${dataDir} private (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); ` +
        'other users of this machine may be able to read it.',
    );
  }
}
