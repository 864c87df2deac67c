// Restores a backup archive into a DATA_DIR: verifies the whole archive first (verify-backup.ts: CRCs, the
// manifest's sizes and hashes, attachment names), refuses a folder that holds data (unless forced, and then the
// old contents are moved aside, never deleted), writes the snapshot durably and the attachments, then opens the
// store once to prove the result loads. A server must not be running on it.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  COLLECTION_NAMES,
  type CollectionName,
  LOCK_FILE,
  SNAPSHOT_FILE,
  SnapshotFile,
  Store,
} from '../storage/index.ts';
import { startNewEpoch } from '../storage/restore-epoch.ts';
import { ATTACHMENTS_DIR, MAIL_DIR } from './backup-format.ts';
import { BackupError, verifyBackupFile } from './verify-backup.ts';

/** Why a restore was refused: a damaged archive (a BackupError) or a target folder that cannot take it. */
export class RestoreError extends BackupError {
  override name = 'RestoreError';
}

export interface RestoreSummary {
  dataDir: string;
  createdAt: string;
  counts: Partial<Record<CollectionName, number>>;
  attachments: number;
  /** False for an archive written before backups carried a manifest (checked by CRC and hash names only). */
  hasManifest: boolean;
  /** Where the folder's earlier contents went (with --force), or null. */
  movedAside: string | null;
}

/** Refuses a folder in use; with `force`, moves a non-empty one aside and returns where. */
async function prepareDir(dataDir: string, force: boolean, now: Date): Promise<string | null> {
  if (!existsSync(dataDir)) return null;
  const entries = await readdir(dataDir);
  if (entries.length === 0) return null;
  if (!force) {
    throw new RestoreError(
      `${dataDir} is not empty. Restore into a new folder, or pass --force to move its contents aside first.`,
    );
  }
  if (entries.includes(LOCK_FILE)) {
    const pid = Number((await readFile(path.join(dataDir, LOCK_FILE), 'utf8').catch(() => '')).trim());
    let alive = false;
    try {
      if (Number.isInteger(pid) && pid > 0) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {}
    if (alive) throw new RestoreError(`${dataDir} is in use by a running server (pid ${pid}): stop it first`);
  }
  const aside = `${dataDir}-before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
  await rename(dataDir, aside);
  return aside;
}

export async function restoreBackup(
  archive: string,
  dataDir: string,
  options: { force?: boolean; now?: Date; withoutManifest?: boolean } = {},
): Promise<RestoreSummary> {
  const target = path.resolve(dataDir);
  const now = options.now ?? new Date();
  // Everything is checked before the first write: a damaged archive leaves the target as it was.
  const {
    data: parsed,
    files,
    attachments,
    mail,
    hasManifest,
  } = await verifyBackupFile(archive, { withoutManifest: options.withoutManifest });
  const data = parsed!; // parsed unless asked not to
  for (const name of [...attachments, ...mail]) {
    const resolved = path.resolve(target, name);
    const root = path.join(target, name.startsWith(`${MAIL_DIR}/`) ? MAIL_DIR : ATTACHMENTS_DIR);
    if (!resolved.startsWith(root + path.sep)) {
      throw new RestoreError(`the archive holds an unsafe path ("${name}"): nothing was restored`);
    }
  }
  if (!options.force && existsSync(target) && (await readdir(target)).length > 0)
    throw new RestoreError(
      `${target} is not empty. Restore into a new folder, or pass --force to move its contents aside first.`,
    );

  // Built beside the target and proved to open; only then put in place, so any failure (a full disk, data
  // the store refuses such as a duplicate client id) leaves the target exactly as it was.
  const staging = `${target}.restoring-${now.toISOString().replace(/[:.]/g, '-')}`;
  const counts: Partial<Record<CollectionName, number>> = {};
  try {
    await mkdir(staging, { recursive: true, mode: 0o700 });
    for (const name of [...attachments, ...mail]) {
      const file = path.resolve(staging, name);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, files[name]!, { mode: 0o600 });
    }
    // Devices that synced past the backup's point learn from the new epoch that the server went back.
    startNewEpoch(data.snapshot, 'restore', data.createdAt ?? null, now);
    await new SnapshotFile(path.join(staging, SNAPSHOT_FILE)).write(data.snapshot);
    // Proof that it loads: the store opens it exactly as a server would.
    let store: Awaited<ReturnType<typeof Store.open>>;
    try {
      store = await Store.open(staging);
    } catch (error) {
      throw new RestoreError(
        `the backup's data cannot be loaded (${(error as Error).message}): nothing was restored`,
      );
    }
    try {
      for (const name of COLLECTION_NAMES) counts[name] = store.count(name);
    } finally {
      await store.close();
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
  let movedAside: string | null;
  try {
    movedAside = await prepareDir(target, options.force === true, now);
    if (existsSync(target)) await rmdir(target); // empty
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
  await rename(staging, target);
  return {
    dataDir: target,
    createdAt: data.createdAt,
    hasManifest,
    counts,
    attachments: attachments.length,
    movedAside,
  };
}
