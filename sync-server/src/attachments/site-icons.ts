// The site's icon at the sizes browsers ask for (favicon, apple-touch icon, the app's manifest): cut square
// from the owner's upload through the image variants (made once, kept on disk beside the upload's other
// variants), or, until the owner uploads one, the stock icon of the build at that size (made once, kept in
// memory). An upload the decoder refuses falls back to the stock icon rather than to nothing.
import path from 'node:path';
import type { SiteIconSize } from '@private-notes/shared';
import sharp from 'sharp';
import { siteIconHash } from '../services/site-service.ts';
import type { Store } from '../storage/index.ts';
import type { AttachmentService } from './attachment-service.ts';
import { type ImageVariants, VariantUnavailable } from './image-variants.ts';

export type SiteIconAnswer = { file: string } | { bytes: Buffer } | null;

export class SiteIcons {
  readonly #store: Store;
  readonly #attachments: AttachmentService;
  readonly #variants: ImageVariants;
  readonly #stockSource: string;
  readonly #stock = new Map<number, Promise<Buffer | null>>();

  constructor(store: Store, attachments: AttachmentService, variants: ImageVariants, webDistDir: string) {
    this.#store = store;
    this.#attachments = attachments;
    this.#variants = variants;
    this.#stockSource = path.join(webDistDir, 'icons', 'pwa-512.png');
  }

  /** The icon at `size`: the owner's, else the stock one; null when neither exists (the app is not built). */
  async get(size: SiteIconSize): Promise<SiteIconAnswer> {
    const sha256 = siteIconHash(this.#store);
    if (sha256 && this.#attachments.get(sha256)) {
      try {
        return { file: await this.#variants.pathFor({ sha256, width: size, format: 'png', square: true }) };
      } catch (error) {
        if (!(error instanceof VariantUnavailable)) throw error;
      }
    }
    const bytes = await this.#stockAt(size);
    return bytes ? { bytes } : null;
  }

  #stockAt(size: number): Promise<Buffer | null> {
    let made = this.#stock.get(size);
    if (!made) {
      made = sharp(this.#stockSource)
        .resize({ width: size, height: size })
        .png()
        .toBuffer()
        .catch(() => null);
      this.#stock.set(size, made);
    }
    return made;
  }
}
