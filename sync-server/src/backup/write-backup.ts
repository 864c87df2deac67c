// Writes a backup archive to a stream while the server runs. Consistency: the store's data is copied in one
// synchronous read (nothing can change it in between), and the attachments folder is listed right after;
// attachment files are never rewritten in place, so those listed are read whole. The zip is streamed with
// backpressure: attachments are never held in memory all at once.
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Store } from '../storage/index.ts';
import {
  ATTACHMENTS_DIR,
  BACKUP_DATA_FILE,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
} from './backup-format.ts';

const TEXT_SLICE = 1024 * 1024;

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

export async function writeBackup(
  store: Store,
  dataDir: string,
  out: Writable,
  now = new Date(),
): Promise<void> {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    snapshot: store.toSnapshot(),
  };
  const attachmentsDir = path.join(dataDir, ATTACHMENTS_DIR);
  const attachments = await listFiles(attachmentsDir);

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

  const data = new ZipDeflate(BACKUP_DATA_FILE, { level: 6 });
  data.mtime = now;
  zip.add(data);
  const bytes = new TextEncoder().encode(JSON.stringify(manifest));
  for (let offset = 0; offset < bytes.length; offset += TEXT_SLICE) {
    data.push(bytes.subarray(offset, offset + TEXT_SLICE), offset + TEXT_SLICE >= bytes.length);
    await drain();
  }
  if (bytes.length === 0) data.push(new Uint8Array(0), true);

  for (const relative of attachments) {
    // Stored, not deflated: attachments are mostly images and PDFs that are compressed already.
    const file = new ZipPassThrough(`${ATTACHMENTS_DIR}/${relative.split(path.sep).join('/')}`);
    zip.add(file);
    for await (const chunk of createReadStream(path.join(attachmentsDir, relative))) {
      file.push(chunk as Uint8Array);
      await drain();
    }
    file.push(new Uint8Array(0), true);
    await drain();
  }
  zip.end();
  await drain();
}
