// Writes a backup archive to a stream while the server runs. Consistency: the store's data is copied in one
// synchronous read (nothing can change it in between), and the attachments folder is listed right after;
// attachment files are never rewritten in place, so those listed are read whole. The zip is streamed with
// backpressure: attachments are never held in memory all at once. Each entry is hashed as it is written, and
// manifest.json (written last) lists every entry's size and sha256 for the restore to check.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { isLockedNoteText } from '@private-notes/shared';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Snapshot, Store } from '../storage/index.ts';
import {
  ATTACHMENTS_DIR,
  BACKUP_DATA_FILE,
  BACKUP_FORMAT,
  BACKUP_MANIFEST_FILE,
  BACKUP_VERSION,
  type BackupData,
  type BackupEntryManifest,
  MAIL_DIR,
  MAIL_ENTRY,
  type ManifestEntry,
} from './backup-format.ts';

// Deflated a slice at a time, each a few milliseconds of work, so requests are answered in between.
const TEXT_SLICE = 64 * 1024;

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** What was written: the archive's entries as the manifest lists them. */
export interface WrittenBackup {
  entries: ManifestEntry[];
  /** How long the event loop (and so every write) waited on the snapshot and its serialisation. */
  pauseMs: number;
}

/** Records serialised between two yields to the event loop while backup.json is written. */
const RECORDS_PER_SLICE = 500;

/**
 * backup.json's text in pieces, yielding between them: the snapshot is a consistent state by itself (its
 * records are frozen and replaced, never changed, by later writes), so only taking it has to be synchronous.
 */
async function* backupDataText(data: BackupData): AsyncGenerator<string> {
  const { collections, ...rest } = data.snapshot;
  const head = Object.entries(rest)
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join(',');
  yield `{"format":${JSON.stringify(data.format)},"version":${data.version},"createdAt":${JSON.stringify(data.createdAt)},"snapshot":{${head},"collections":{`;
  let firstCollection = true;
  for (const [name, records] of Object.entries(collections)) {
    let text = `${firstCollection ? '' : ','}${JSON.stringify(name)}:[`;
    firstCollection = false;
    for (let i = 0; i < (records ?? []).length; i += RECORDS_PER_SLICE) {
      const slice = records!.slice(i, i + RECORDS_PER_SLICE).map((record) => JSON.stringify(record));
      text += (i === 0 ? '' : ',') + slice.join(',');
      yield text;
      text = '';
      await new Promise((resolve) => setImmediate(resolve));
    }
    yield `${text}]`;
  }
  yield '}}}';
}

/** Locked notes in the snapshot, live and in the Trash (as countLockedNotes counts them, for every owner). */
function lockedNotesIn(snapshot: Snapshot): number {
  const locked = (text: unknown) => typeof text === 'string' && isLockedNoteText(text);
  const live = (snapshot.collections.notes ?? []).filter((n) => locked(n.content));
  const trashed = (snapshot.collections.noteTombstones ?? []).filter((t) =>
    locked((t.trash as { content?: unknown } | null | undefined)?.content),
  );
  return live.length + trashed.length;
}

export async function writeBackup(
  store: Store,
  dataDir: string,
  out: Writable,
  now = new Date(),
): Promise<WrittenBackup> {
  // The one moment writes wait: taking the snapshot (a copy of each collection's list of records).
  const pauseStarted = performance.now();
  const data: BackupData = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    snapshot: store.toSnapshot(),
  };
  const pauseMs = performance.now() - pauseStarted;
  const attachmentsDir = path.join(dataDir, ATTACHMENTS_DIR);
  const attachments = await listFiles(attachmentsDir);
  const mailDir = path.join(dataDir, MAIL_DIR);
  const mail = (await listFiles(mailDir)).filter((name) => MAIL_ENTRY.test(`${MAIL_DIR}/${name}`));

  let failure: Error | null = null;
  const ready: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const drain = async () => {
    if (failure) throw failure;
    while (ready.length > 0) {
      if (!out.write(ready.shift()!)) await once(out, 'drain');
    }
  };

  const entries: ManifestEntry[] = [];
  /** Deflates text as it comes (pieces of at most TEXT_SLICE bytes), hashing it for the manifest. */
  const addDeflated = async (name: string, pieces: AsyncIterable<string> | Iterable<string>) => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = now;
    zip.add(entry);
    const hash = createHash('sha256');
    const encoder = new TextEncoder();
    let size = 0;
    for await (const piece of pieces) {
      const bytes = encoder.encode(piece);
      hash.update(bytes);
      size += bytes.length;
      for (let offset = 0; offset < bytes.length; offset += TEXT_SLICE) {
        entry.push(bytes.subarray(offset, offset + TEXT_SLICE));
        await drain();
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    entry.push(new Uint8Array(0), true);
    await drain();
    entries.push({ name, size, sha256: hash.digest('hex') });
  };

  await addDeflated(BACKUP_DATA_FILE, backupDataText(data));

  /** Copies a file into the archive as it is read, hashing it for the manifest. */
  const addFile = async (name: string, source: string, deflate: boolean) => {
    const file = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    file.mtime = now;
    zip.add(file);
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(source)) {
      hash.update(chunk as Uint8Array);
      size += (chunk as Uint8Array).length;
      file.push(chunk as Uint8Array);
      await drain();
    }
    file.push(new Uint8Array(0), true);
    await drain();
    entries.push({ name, size, sha256: hash.digest('hex') });
  };

  // Stored, not deflated: attachments are mostly images and PDFs that are compressed already.
  for (const relative of attachments)
    await addFile(
      `${ATTACHMENTS_DIR}/${relative.split(path.sep).join('/')}`,
      path.join(attachmentsDir, relative),
      false,
    );
  // Captured mail is what the Outbox's records open: without it they would answer 404 after a restore.
  for (const name of mail) await addFile(`${MAIL_DIR}/${name}`, path.join(mailDir, name), true);

  // The manifest lists the entries before it, so it is written last.
  const manifest: BackupEntryManifest = {
    format: BACKUP_FORMAT,
    createdAt: data.createdAt,
    entries: [...entries],
    lockedNotes: lockedNotesIn(data.snapshot),
  };
  await addDeflated(BACKUP_MANIFEST_FILE, [JSON.stringify(manifest, null, 1)]);
  zip.end();
  await drain();
  return { entries, pauseMs };
}
