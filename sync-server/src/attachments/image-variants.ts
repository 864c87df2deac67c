// Resized and re-encoded copies of image attachments for the public: `?w=` widths for srcset, WebP or AVIF
// when the browser accepts them. Every variant is re-encoded by sharp, which writes no metadata unless asked,
// so EXIF (GPS position, camera serial) never leaves the server in a public image. Made once, kept on disk
// under attachments/variants/{sha256}/, and shared between concurrent requests for the same variant.
//
// Bounded, because any visitor can ask for them: images past the pixel limit are never decoded, variants are
// made one at a time (one queue for the process, so a burst of requests costs time, not memory), and an
// image the decoder refused once is refused at once afterwards instead of being decoded again by every visitor.
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_VARIANT_WIDTHS } from '@private-notes/shared';
import sharp from 'sharp';
import type { AttachmentFiles } from './attachment-files.ts';

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const VARIANT_MIME: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** What a visitor gets without `?w=`: the widest srcset width (the post column is far narrower). */
export const PUBLIC_DEFAULT_WIDTH = Math.max(...ATTACHMENT_VARIANT_WIDTHS);
/** A decode or encode running longer than this is given up (and remembered as failed). */
const VARIANT_TIMEOUT_SECONDS = 60;

/** AVIF first (smallest), then WebP, else the source's own format (JPEG stays JPEG, anything else PNG). */
export function chooseVariantFormat(accept: string | undefined, sourceMime: string): VariantFormat {
  const header = accept ?? '';
  if (header.includes('image/avif')) return 'avif';
  if (header.includes('image/webp')) return 'webp';
  return sourceMime === 'image/jpeg' ? 'jpeg' : 'png';
}

export interface VariantRequest {
  sha256: string;
  /** Target width in pixels; null keeps the full size (a metadata-free copy of the original). */
  width: number | null;
  format: VariantFormat;
  /** Cut to a width × width square from the middle (site icons), enlarged if the image is smaller. */
  square?: boolean;
}

/** The image cannot be decoded (corrupt, unsupported, or past the pixel limit): no variant will ever exist. */
export class VariantUnavailable extends Error {}

export class ImageVariants {
  readonly #files: AttachmentFiles;
  readonly #maxPixels: number;
  readonly #inFlight = new Map<string, Promise<string>>();
  /** Hashes the decoder refused, with its reason; kept for the life of the process. */
  readonly #failed = new Map<string, string>();
  /** The tail of the queue: each variant starts once the one before it has finished. */
  #queue: Promise<unknown> = Promise.resolve();
  #running = 0;

  constructor(files: AttachmentFiles, maxPixels: number) {
    this.#files = files;
    this.#maxPixels = maxPixels;
  }

  /** Why the image's variants cannot be made, if its decoding already failed. */
  failure(sha256: string): string | undefined {
    return this.#failed.get(sha256);
  }

  /** The variant's file path, made first (in the queue) if it is not on disk yet. */
  async pathFor(request: VariantRequest): Promise<string> {
    const file = this.#fileOf(request);
    const failed = this.#failed.get(request.sha256);
    if (failed !== undefined) throw new VariantUnavailable(failed);
    if (await isFile(file)) return file;
    return this.#queued(request, file);
  }

  /** The variant's job, joined if one is queued or running for the same file (it checks the disk first). */
  #queued(request: VariantRequest, file: string): Promise<string> {
    const running = this.#inFlight.get(file);
    if (running) return running;
    const making = this.#enqueue(() => this.#make(request, file)).finally(() => this.#inFlight.delete(file));
    this.#inFlight.set(file, making);
    return making;
  }

  /**
   * Queues the variants visitors' browsers ask for first (AVIF at the srcset widths below the image's own,
   * and the default width), so a newly published post's first reader does not wait for them. Failures are
   * remembered as usual and otherwise ignored: the post is published either way.
   */
  prepare(sha256: string, imageWidth: number | undefined): void {
    const widths = new Set<number>(
      ATTACHMENT_VARIANT_WIDTHS.filter((w) => imageWidth === undefined || w < imageWidth),
    );
    widths.add(PUBLIC_DEFAULT_WIDTH);
    // Queued at once (a variant already on disk is found by the job itself), so idle() covers them.
    for (const width of widths) {
      const request: VariantRequest = { sha256, width, format: 'avif' };
      void this.#queued(request, this.#fileOf(request)).catch(() => {});
    }
  }

  /** Variants being made right now: the queue keeps it at one at most. */
  get running(): number {
    return this.#running;
  }

  /** Resolves once every variant queued so far is made (or failed). */
  async idle(): Promise<void> {
    let tail: Promise<unknown>;
    do {
      tail = this.#queue;
      await tail;
    } while (tail !== this.#queue);
  }

  #fileOf(request: VariantRequest): string {
    const name = `${request.square ? 'square-' : ''}${request.width ?? 'full'}.${request.format}`;
    return path.join(this.#files.variantsDir(request.sha256), name);
  }

  #enqueue<T>(job: () => Promise<T>): Promise<T> {
    const counted = async () => {
      this.#running++;
      try {
        return await job();
      } finally {
        this.#running--;
      }
    };
    const run = this.#queue.then(counted, counted);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #make(request: VariantRequest, file: string): Promise<string> {
    // Waiting in the queue, the image may have failed or the same variant been made by an earlier job.
    const failed = this.#failed.get(request.sha256);
    if (failed !== undefined) throw new VariantUnavailable(failed);
    if (await isFile(file)) return file;
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // rotate() applies the EXIF orientation to the pixels before the metadata is dropped.
    let pipeline = sharp(this.#files.pathOf(request.sha256), { limitInputPixels: this.#maxPixels })
      .timeout({ seconds: VARIANT_TIMEOUT_SECONDS })
      .rotate();
    if (request.width !== null)
      pipeline = request.square
        ? pipeline.resize({ width: request.width, height: request.width, fit: 'cover' })
        : pipeline.resize({ width: request.width, withoutEnlargement: true });
    pipeline =
      request.format === 'avif'
        ? pipeline.avif({ quality: 55, effort: 2 })
        : request.format === 'webp'
          ? pipeline.webp({ quality: 78 })
          : request.format === 'jpeg'
            ? pipeline.jpeg({ quality: 82, mozjpeg: true })
            : pipeline.png();
    // A cache, not data: written whole under a temp name and renamed, no fsync (it can be made again).
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    try {
      await pipeline.toFile(tmp);
      // sharp writes with the process's default mode; the variant is as private as its original.
      await chmod(tmp, 0o600);
    } catch (error) {
      await rm(tmp, { force: true });
      // File system errors (a full disk) may pass; sharp's own errors (no errno code) are about the image.
      if ((error as NodeJS.ErrnoException).code !== undefined) throw error;
      const reason = (error as Error).message;
      this.#failed.set(request.sha256, reason);
      console.warn(`Image ${request.sha256}: no public variants (${reason})`);
      throw new VariantUnavailable(reason);
    }
    await rename(tmp, file);
    return file;
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
