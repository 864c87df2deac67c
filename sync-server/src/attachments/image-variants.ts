// Resized and re-encoded copies of image attachments for the public: `?w=` widths for srcset, WebP or AVIF
// when the browser accepts them. Every variant is re-encoded by sharp, which writes no metadata unless asked,
// so EXIF (GPS position, camera serial) never leaves the server in a public image. Made once, kept on disk
// under attachments/variants/{sha256}/, and shared between concurrent requests for the same variant.
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AttachmentFiles } from './attachment-files.ts';

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const VARIANT_MIME: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

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
}

export class ImageVariants {
  readonly #files: AttachmentFiles;
  readonly #inFlight = new Map<string, Promise<string>>();

  constructor(files: AttachmentFiles) {
    this.#files = files;
  }

  /** The variant's file path, made first if it is not on disk yet. */
  async pathFor(request: VariantRequest): Promise<string> {
    const file = path.join(
      this.#files.variantsDir(request.sha256),
      `${request.width ?? 'full'}.${request.format}`,
    );
    if (await isFile(file)) return file;
    const running = this.#inFlight.get(file);
    if (running) return running;
    const making = this.#make(request, file).finally(() => this.#inFlight.delete(file));
    this.#inFlight.set(file, making);
    return making;
  }

  async #make(request: VariantRequest, file: string): Promise<string> {
    await mkdir(path.dirname(file), { recursive: true });
    // rotate() applies the EXIF orientation to the pixels before the metadata is dropped.
    let pipeline = sharp(this.#files.pathOf(request.sha256)).rotate();
    if (request.width !== null)
      pipeline = pipeline.resize({ width: request.width, withoutEnlargement: true });
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
    await pipeline.toFile(tmp);
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
