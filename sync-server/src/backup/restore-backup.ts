// Restores a backup archive into a DATA_DIR: checks the archive, refuses a folder that holds data (unless
// forced, and then the old contents are moved aside, never deleted), writes the snapshot durably and the
// attachments, then opens the store once to prove the result loads. A server must not be running on it.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import {
  COLLECTION_NAMES,
  type CollectionName,
  DurableJsonFile,
  LOCK_FILE,
  SNAPSHOT_FILE,
  type Snapshot,
  Store,
} from '../storage/index.ts';
import {
  ATTACHMENTS_DIR,
  BACKUP_DATA_FILE,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
} from './backup-format.ts';

export class RestoreError extends Error {
  override name = 'RestoreError';
}

export interface RestoreSummary {
  dataDir: string;
  createdAt: string;
  counts: Partial<Record<CollectionName, number>>;
  attachments: number;
  /** Where the folder's earlier contents went (with --force), or null. */
  movedAside: string | null;
}

function readManifest(files: Record<string, Uint8Array>): BackupManifest {
  const data = files[BACKUP_DATA_FILE];
  if (!data)
    throw new RestoreError(`not a Private Notes backup: ${BACKUP_DATA_FILE} is missing from the archive`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(data)) as BackupManifest;
  } catch {
    throw new RestoreError(`${BACKUP_DATA_FILE} is damaged (not valid JSON)`);
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new RestoreError('not a Private Notes backup (unknown format)');
  if (manifest.version !== BACKUP_VERSION) {
    throw new RestoreError(
      `backup version ${String(manifest.version)} is not supported (this version reads ${BACKUP_VERSION})`,
    );
  }
  const snapshot = manifest.snapshot as Snapshot | undefined;
  if (snapshot?.format !== 1 || typeof snapshot.collections !== 'object' || snapshot.collections === null) {
    throw new RestoreError(`${BACKUP_DATA_FILE} holds no store snapshot`);
  }
  for (const name of Object.keys(snapshot.collections)) {
    if (!(COLLECTION_NAMES as readonly string[]).includes(name)) {
      throw new RestoreError(
        `the backup holds a collection this version does not know ("${name}"): use a newer version`,
      );
    }
  }
  return manifest;
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
  options: { force?: boolean; now?: Date } = {},
): Promise<RestoreSummary> {
  const target = path.resolve(dataDir);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(archive);
  } catch (error) {
    throw new RestoreError(`cannot read ${archive}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    throw new RestoreError(
      `${archive} is not a zip archive, or is damaged (${error instanceof Error ? error.message : 'unreadable'})`,
    );
  }
  const manifest = readManifest(files);
  // Attachment paths come from the archive: none may point outside the attachments folder.
  const attachments = Object.keys(files).filter(
    (name) => name.startsWith(`${ATTACHMENTS_DIR}/`) && !name.endsWith('/'),
  );
  for (const name of attachments) {
    const resolved = path.resolve(target, name);
    if (!resolved.startsWith(path.join(target, ATTACHMENTS_DIR) + path.sep)) {
      throw new RestoreError(`the archive holds an unsafe path ("${name}"): nothing was restored`);
    }
  }

  const movedAside = await prepareDir(target, options.force === true, options.now ?? new Date());
  await mkdir(target, { recursive: true });
  for (const name of attachments) {
    const file = path.resolve(target, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, files[name]!);
  }
  await new DurableJsonFile<Snapshot>(path.join(target, SNAPSHOT_FILE)).write(manifest.snapshot);

  // Proof that it loads: the store opens it exactly as a server would.
  const store = await Store.open(target);
  const counts: Partial<Record<CollectionName, number>> = {};
  try {
    for (const name of COLLECTION_NAMES) counts[name] = store.count(name);
  } finally {
    await store.close();
  }
  return {
    dataDir: target,
    createdAt: manifest.createdAt,
    counts,
    attachments: attachments.length,
    movedAside,
  };
}
