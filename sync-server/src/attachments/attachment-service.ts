// The attachments' rules: limits and quota, storing an upload (bytes first, then the record), reading the
// metadata, and who may read a file. Bytes live in AttachmentFiles; metadata in the store's `attachments`.

import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  type Attachment,
  type AttachmentLimits,
  fileTooLargeMessage,
  isInlineImage,
  quotaExceededMessage,
  sniffMime,
} from '@private-notes/shared';
import sharp from 'sharp';
import { HttpError } from '../http/http-error.ts';
import type { AttachmentRecord, Store } from '../storage/index.ts';
import type { AttachmentFiles } from './attachment-files.ts';
import { publicAttachmentHashes } from './public-attachments.ts';

export interface AttachmentLimitsConfig {
  maxBytes: number;
  quotaBytes: number;
  /** Images with more pixels are refused (a small file can hold a huge image: PNG compresses blank areas). */
  maxImagePixels: number;
}

export interface UploadInput {
  sha256: string;
  name: string;
  /** The Content-Length the client announced, when it did: checked before a byte is read. */
  declaredSize: number | null;
  body: Readable;
  userId: number;
}

export class AttachmentService {
  readonly #store: Store;
  readonly files: AttachmentFiles;
  readonly limits: AttachmentLimitsConfig;
  /** One operation at a time per hash: an upload never races the removal of the same file. */
  readonly #busy = new Map<string, Promise<unknown>>();

  constructor(store: Store, files: AttachmentFiles, limits: AttachmentLimitsConfig) {
    this.#store = store;
    this.files = files;
    this.limits = limits;
  }

  get(sha256: string): AttachmentRecord | undefined {
    return this.#store.lookup('attachments', 'sha256', sha256);
  }

  usedBytes(): number {
    let total = 0;
    for (const record of this.#store.values('attachments')) total += record.size;
    return total;
  }

  limitsInForce(): AttachmentLimits {
    return {
      maxBytes: this.limits.maxBytes,
      quotaBytes: this.limits.quotaBytes,
      usedBytes: this.usedBytes(),
    };
  }

  /** The owner reads everything; anyone else only what a published post uses. */
  canRead(sha256: string, signedIn: boolean): boolean {
    return signedIn || publicAttachmentHashes(this.#store).has(sha256);
  }

  isPublic(sha256: string): boolean {
    return publicAttachmentHashes(this.#store).has(sha256);
  }

  /**
   * Stores an upload. Idempotent: a hash already stored answers its record (created: false) without reading the
   * body. The bytes are on disk and fsynced before the record is written, and the record before the answer.
   */
  upload(input: UploadInput): Promise<{ attachment: Attachment; created: boolean }> {
    return this.#exclusive(input.sha256, () => this.#upload(input));
  }

  /** Removes the record, then the bytes, if `referenced()` (asked under the lock) still lacks the hash. */
  removeIfUnreferenced(sha256: string, referenced: () => Set<string>): Promise<boolean> {
    return this.#exclusive(sha256, async () => {
      if (referenced().has(sha256)) return false;
      const existed = await this.#store.write((tx) => {
        const record = tx.lookup('attachments', 'sha256', sha256);
        return record ? tx.remove('attachments', record.id) : false;
      });
      await this.files.remove(sha256);
      return existed;
    });
  }

  /** Removes a file that has no record, if it is older than `graceMs` (an upload in progress has a record soon). */
  removeOrphanFile(sha256: string, graceMs: number, now: number): Promise<boolean> {
    return this.#exclusive(sha256, async () => {
      if (this.get(sha256)) return false;
      const info = await stat(this.files.pathOf(sha256)).catch(() => null);
      if (!info || now - info.mtimeMs < graceMs) return false;
      await this.files.remove(sha256);
      return true;
    });
  }

  async #exclusive<T>(sha256: string, fn: () => Promise<T>): Promise<T> {
    while (this.#busy.has(sha256)) await this.#busy.get(sha256)!.catch(() => {});
    const running = fn();
    this.#busy.set(sha256, running);
    try {
      return await running;
    } finally {
      this.#busy.delete(sha256);
    }
  }

  async #upload(input: UploadInput): Promise<{ attachment: Attachment; created: boolean }> {
    const existing = this.get(input.sha256);
    if (existing && (await this.files.exists(input.sha256)))
      return { attachment: toPublic(existing), created: false };
    const room = this.limits.quotaBytes - (this.usedBytes() - (existing?.size ?? 0));
    const tooLarge = fileTooLargeMessage(input.name, input.declaredSize, this.limits.maxBytes);
    const overQuota = quotaExceededMessage(input.name, this.limits.quotaBytes);
    if (input.declaredSize !== null) {
      if (input.declaredSize > this.limits.maxBytes) throw new HttpError(413, tooLarge);
      if (input.declaredSize > room) throw new HttpError(413, overQuota);
    }
    const limit =
      this.limits.maxBytes <= room
        ? {
            bytes: this.limits.maxBytes,
            message: fileTooLargeMessage(input.name, null, this.limits.maxBytes),
          }
        : { bytes: room, message: overQuota };
    const received = await this.files.receive(input.sha256, input.body, limit);
    const mime = sniffMime(received.head);
    const dimensions = isInlineImage(mime) ? await imageSize(this.files.pathOf(input.sha256)) : {};
    const pixels = (dimensions.width ?? 0) * (dimensions.height ?? 0);
    if (pixels > this.limits.maxImagePixels && !existing) {
      await this.files.remove(input.sha256);
      throw new HttpError(
        422,
        `"${input.name}" is ${dimensions.width}×${dimensions.height} pixels; images may have at most ` +
          `${this.limits.maxImagePixels / 1_000_000} megapixels. Make it smaller and paste it again.`,
      );
    }
    const attachment = await this.#store.write((tx) => {
      const again = tx.lookup('attachments', 'sha256', input.sha256);
      if (again) return again;
      return tx.insert('attachments', {
        sha256: input.sha256,
        mime,
        size: received.size,
        name: input.name,
        createdAt: new Date().toISOString(),
        ...dimensions,
        userId: input.userId,
        unreferencedSince: null,
      });
    });
    return { attachment: toPublic(attachment), created: !existing };
  }
}

export function toPublic(record: AttachmentRecord): Attachment {
  const { id: _id, userId: _userId, unreferencedSince: _since, ...attachment } = record;
  return attachment;
}

/**
 * Pixel size as shown (EXIF orientation applied), or nothing when the image cannot be read. Read from the
 * header only (no pixel is decoded), so it is cheap even for an image past the pixel limit.
 */
async function imageSize(file: string): Promise<{ width?: number; height?: number }> {
  try {
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    const { width, height } = meta.autoOrient ?? meta;
    return width && height ? { width, height } : {};
  } catch {
    return {};
  }
}
