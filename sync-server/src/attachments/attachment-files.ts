// The attachments' bytes on disk: DATA_DIR/attachments/{sha256}, written through a temp file that is hashed
// while it streams, fsynced, then renamed into place (and the folder fsynced), so a file under its hash name is
// always complete and always has that hash, and an acknowledged upload survives a power cut.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SNIFF_BYTES } from '@private-notes/shared';
import { HttpError } from '../http/http-error.ts';

export const ATTACHMENTS_DIR = 'attachments';
const TMP_DIR = 'tmp';
const VARIANTS_DIR = 'variants';
/** Temp files older than this at start-up belong to uploads a crash cut short. */
const STALE_TMP_MS = 60 * 60 * 1000;

export interface ReceivedFile {
  size: number;
  /** The first bytes, for type sniffing. */
  head: Uint8Array;
}

/** What the limit check needs to say when an upload grows past what it may use. */
export interface ByteLimit {
  bytes: number;
  message: string;
}

export class AttachmentFiles {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, ATTACHMENTS_DIR);
  }

  async init(): Promise<void> {
    // Inside DATA_DIR, private as the rest of it: folders 0700, files 0600.
    await mkdir(path.join(this.root, TMP_DIR), { recursive: true, mode: 0o700 });
    await mkdir(path.join(this.root, VARIANTS_DIR), { recursive: true, mode: 0o700 });
    await this.removeStaleTemps(STALE_TMP_MS);
  }

  pathOf(sha256: string): string {
    return path.join(this.root, sha256);
  }

  variantsDir(sha256: string): string {
    return path.join(this.root, VARIANTS_DIR, sha256);
  }

  tempPath(): string {
    return path.join(this.root, TMP_DIR, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(sha256))).isFile();
    } catch {
      return false;
    }
  }

  /**
   * Streams `body` into a temp file, checking the size against `limit` and the hash against `sha256`; on any
   * failure (cut connection, too large, wrong hash) the temp file is removed and nothing is kept.
   */
  async receive(sha256: string, body: Readable, limit: ByteLimit): Promise<ReceivedFile> {
    const tmp = this.tempPath();
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    const out = createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
    try {
      await new Promise<void>((resolve, reject) => {
        let failed = false;
        const fail = (error: unknown) => {
          if (failed) return;
          failed = true;
          body.unpipe(out);
          out.destroy();
          // Keep reading (and dropping) the rest, so the client gets to read the answer instead of a reset.
          body.resume();
          reject(error);
        };
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit.bytes) return fail(new HttpError(413, limit.message));
          hash.update(chunk);
          if (headBytes < SNIFF_BYTES) {
            head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
            headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
          }
        });
        body.on('aborted', () => fail(new HttpError(400, 'The upload was cut off before the end')));
        body.on('error', fail);
        out.on('error', fail);
        out.on('finish', () => {
          if (!failed) resolve();
        });
        // 'close' without 'end': the client went away mid-body (Node emits no 'aborted' on every version).
        body.on('close', () => {
          if (!body.readableEnded) fail(new HttpError(400, 'The upload was cut off before the end'));
        });
        body.pipe(out);
      });
      if (hash.digest('hex') !== sha256)
        throw new HttpError(400, 'The file does not match the SHA-256 in its address (changed or cut short)');
      await fsyncFile(tmp);
      await rename(tmp, this.pathOf(sha256));
      await fsyncFile(this.root);
      return { size, head: new Uint8Array(Buffer.concat(head)) };
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  /** Removes a file and its cached variants. */
  async remove(sha256: string): Promise<void> {
    await rm(this.variantsDir(sha256), { recursive: true, force: true });
    await rm(this.pathOf(sha256), { force: true });
  }

  /** Hash-named files on disk (those a crash left without a record are found by comparing with the store). */
  async list(): Promise<string[]> {
    const names = await readdir(this.root);
    return names.filter((name) => /^[0-9a-f]{64}$/.test(name));
  }

  async removeStaleTemps(olderThanMs: number, now = Date.now()): Promise<number> {
    const dir = path.join(this.root, TMP_DIR);
    let removed = 0;
    for (const name of await readdir(dir)) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(file, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
