// Proves a backup archive is whole before anything is restored from it (and right after a scheduled backup is
// written): every entry's CRC matches its bytes, every entry matches its size and sha256 in manifest.json
// and nothing is missing or extra, every attachment's bytes hash to its name, and backup.json is a snapshot
// this version can load. The first problem found is thrown as a BackupError naming the entry.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { COLLECTION_NAMES, type CollectionName, type Snapshot } from '../storage/index.ts';
import {
  ATTACHMENT_ENTRY,
  ATTACHMENTS_DIR,
  BACKUP_DATA_FILE,
  BACKUP_FORMAT,
  BACKUP_MANIFEST_FILE,
  BACKUP_VERSION,
  type BackupData,
  type BackupEntryManifest,
  MAIL_DIR,
  MAIL_ENTRY,
} from './backup-format.ts';
import { entryData, readZipDirectory } from './zip-directory.ts';

const inflate = promisify(inflateRaw);

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface VerifyOptions {
  /** False: skip parsing backup.json when a manifest proves its bytes (data is then null). */
  readSnapshot?: boolean;
  /**
   * Accept an archive without manifest.json (written before manifests existed), checked by CRC and
   * attachment names only. Never implied: a manifest removed from a new archive must not pass as old.
   */
  withoutManifest?: boolean;
}

export interface VerifiedBackup {
  /** backup.json's content (null when left unparsed: see VerifyOptions). */
  data: BackupData | null;
  /** Every file entry of the archive by name (directories left out). */
  files: Record<string, Uint8Array>;
  /** Entries under attachments/, to be written back into DATA_DIR. */
  attachments: string[];
  /** Captured mail (mail/*.eml), to be written back into DATA_DIR. */
  mail: string[];
  /** False for a backup written before manifests existed (checked by CRC and attachment names only). */
  hasManifest: boolean;
  counts: Partial<Record<CollectionName, number>>;
  bytes: number;
}

/** Hashing slice: a few milliseconds of work between two turns of the event loop. */
const SLICE = 256 * 1024;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** sha256 (hex) and CRC-32 of bytes, a slice at a time. */
async function digest(bytes: Uint8Array): Promise<{ sha256: string; crc32: number }> {
  const hash = createHash('sha256');
  let crc = 0;
  for (let offset = 0; offset < bytes.length; offset += SLICE) {
    const slice = bytes.subarray(offset, offset + SLICE);
    hash.update(slice);
    crc = crc32(slice, crc);
    if (offset + SLICE < bytes.length) await nextTurn();
  }
  return { sha256: hash.digest('hex'), crc32: crc };
}

function readData(files: Record<string, Uint8Array>): BackupData {
  const raw = files[BACKUP_DATA_FILE];
  if (!raw)
    throw new BackupError(`not a Private Notes backup: ${BACKUP_DATA_FILE} is missing from the archive`);
  let data: BackupData;
  try {
    data = JSON.parse(new TextDecoder().decode(raw)) as BackupData;
  } catch {
    throw new BackupError(`${BACKUP_DATA_FILE} is damaged (not valid JSON)`);
  }
  if (data?.format !== BACKUP_FORMAT) throw new BackupError('not a Private Notes backup (unknown format)');
  if (data.version !== BACKUP_VERSION) {
    throw new BackupError(
      `backup version ${String(data.version)} is not supported (this version reads ${BACKUP_VERSION})`,
    );
  }
  const snapshot = data.snapshot as Snapshot | undefined;
  if (snapshot?.format !== 1 || typeof snapshot.collections !== 'object' || snapshot.collections === null) {
    throw new BackupError(`${BACKUP_DATA_FILE} holds no store snapshot`);
  }
  for (const name of Object.keys(snapshot.collections)) {
    if (!(COLLECTION_NAMES as readonly string[]).includes(name)) {
      throw new BackupError(
        `the backup holds a collection this version does not know ("${name}"): use a newer version`,
      );
    }
  }
  return data;
}

function checkManifest(files: Record<string, Uint8Array>, hashes: Map<string, string>): void {
  let manifest: BackupEntryManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(files[BACKUP_MANIFEST_FILE])) as BackupEntryManifest;
  } catch {
    throw new BackupError(`${BACKUP_MANIFEST_FILE} is damaged (not valid JSON)`);
  }
  if (manifest?.format !== BACKUP_FORMAT || !Array.isArray(manifest.entries))
    throw new BackupError(`${BACKUP_MANIFEST_FILE} is damaged (no list of entries)`);
  const listed = new Set<string>();
  for (const entry of manifest.entries) {
    const bytes = files[entry.name];
    if (!bytes) throw new BackupError(`${entry.name} is missing from the archive (the manifest lists it)`);
    if (bytes.length !== entry.size) {
      throw new BackupError(
        `${entry.name} is damaged: ${bytes.length} bytes where the manifest says ${entry.size}`,
      );
    }
    if (hashes.get(entry.name) !== entry.sha256)
      throw new BackupError(`${entry.name} is damaged: its sha256 does not match the manifest`);
    listed.add(entry.name);
  }
  for (const name of Object.keys(files)) {
    if (name !== BACKUP_MANIFEST_FILE && !listed.has(name))
      throw new BackupError(`${name} is in the archive but not in its manifest`);
  }
}

/**
 * Checks archive bytes; throws BackupError naming the first damaged entry. Inflating runs in zlib's thread
 * pool and each entry yields to the event loop, so a server verifying its own backup keeps answering.
 */
export async function verifyBackupBytes(
  bytes: Uint8Array,
  label = 'the backup',
  options: VerifyOptions = {},
): Promise<VerifiedBackup> {
  let directory: ReturnType<typeof readZipDirectory>;
  try {
    directory = readZipDirectory(bytes);
  } catch (error) {
    throw new BackupError(
      `${label} is not a zip archive, or is damaged (${error instanceof Error ? error.message : 'unreadable'})`,
    );
  }
  const files: Record<string, Uint8Array> = {};
  const hashes = new Map<string, string>();
  for (const entry of directory) {
    if (entry.name.endsWith('/')) continue;
    if (files[entry.name]) throw new BackupError(`${entry.name} is in the archive twice`);
    let content: Uint8Array;
    try {
      const stored = entryData(bytes, entry);
      if (entry.method === 0) content = stored;
      else if (entry.method === 8) content = new Uint8Array(await inflate(stored));
      else throw new Error(`compression method ${entry.method} is not one a backup uses`);
    } catch (error) {
      throw new BackupError(
        `${entry.name} could not be read from the archive (${error instanceof Error ? error.message : 'unreadable'})`,
      );
    }
    const sums = await digest(content);
    if (content.length !== entry.size || sums.crc32 !== entry.crc32)
      throw new BackupError(`${entry.name} is damaged: its bytes do not match the archive's CRC`);
    files[entry.name] = content;
    hashes.set(entry.name, sums.sha256);
    await nextTurn();
  }

  const hasManifest = files[BACKUP_MANIFEST_FILE] !== undefined;
  if (hasManifest) checkManifest(files, hashes);
  else if (options.withoutManifest !== true)
    throw new BackupError(
      `${BACKUP_MANIFEST_FILE} is missing from ${label}, so nothing proves its notes and files are the ones ` +
        'that were written. A backup made before backups carried a manifest can still be checked (CRCs and ' +
        'attachment names only) with --without-manifest.',
    );
  // Parsing backup.json is one long synchronous stretch: a server checking the file it has just written from
  // its own snapshot (whose bytes the manifest already proves) leaves it to the restore.
  const data = options.readSnapshot === false && hasManifest ? null : readData(files);

  const mail = Object.keys(files).filter((name) => name.startsWith(`${MAIL_DIR}/`));
  for (const name of mail)
    if (!MAIL_ENTRY.test(name)) throw new BackupError(`the archive holds an unsafe path ("${name}")`);
  const attachments = Object.keys(files).filter((name) => name.startsWith(`${ATTACHMENTS_DIR}/`));
  for (const name of attachments) {
    // Attachment paths come from the archive: none may point outside the attachments folder.
    if (name.split('/').some((part) => part === '..' || part === '') || name.includes('\\'))
      throw new BackupError(`the archive holds an unsafe path ("${name}")`);
    const hash = ATTACHMENT_ENTRY.exec(name)?.[1];
    if (hash && hashes.get(name) !== hash)
      throw new BackupError(`${name} is damaged: its bytes do not hash to its name`);
  }

  const counts: Partial<Record<CollectionName, number>> = {};
  for (const name of COLLECTION_NAMES)
    counts[name] = data ? (data.snapshot.collections[name]?.length ?? 0) : undefined;
  return { data, files, attachments, mail, hasManifest, counts, bytes: bytes.length };
}

/** Reads and checks a backup file. */
export async function verifyBackupFile(file: string, options: VerifyOptions = {}): Promise<VerifiedBackup> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new BackupError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return await verifyBackupBytes(bytes, file, options);
}
