// The site's icon at the sizes browsers ask for (favicon, apple-touch icon, the app's manifest): cut square
// from the owner's upload through the image variants (made once, kept on disk beside the upload's other
// variants), or, until the owner uploads one, the stock icon of the build at that size (made once, kept in
// memory). An upload the decoder refuses falls back to the stock icon rather than to nothing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PWA_BACKGROUND_COLOR, type SiteIconSize } from '@private-notes/shared';
import sharp from 'sharp';
import { siteIconHash } from '../services/site-service.ts';
import type { Store } from '../storage/index.ts';
import type { AttachmentService } from './attachment-service.ts';
import { type ImageVariants, VariantUnavailable } from './image-variants.ts';

export type SiteIconAnswer = { file: string } | { bytes: Buffer } | null;

const MASKABLE_SIZE = 512;
/** A maskable icon's safe zone is the circle in its middle 80 %: the icon goes there whole. */
const MASKABLE_SAFE_SHARE = 0.8;

export class SiteIcons {
  readonly #store: Store;
  readonly #attachments: AttachmentService;
  readonly #variants: ImageVariants;
  readonly #stockSource: string;
  readonly #stockMaskable: string;
  readonly #stock = new Map<number, Promise<Buffer | null>>();
  /** The maskable form of the owner's icon, for the upload it was made from. */
  #maskable: { sha256: string; made: Promise<Buffer | null> } | null = null;

  constructor(store: Store, attachments: AttachmentService, variants: ImageVariants, webDistDir: string) {
    this.#store = store;
    this.#attachments = attachments;
    this.#variants = variants;
    this.#stockSource = path.join(webDistDir, 'icons', 'pwa-512.png');
    this.#stockMaskable = path.join(webDistDir, 'icons', 'maskable-512.png');
  }

  /**
   * The icon for launchers that cut it to their own shape (the manifest's `maskable`): the owner's 512 px
   * square shrunk to the middle 80 % (the part every shape keeps) on the manifest's background colour,
   * made once per upload; else the product's own maskable icon; null when neither exists.
   */
  async maskable(): Promise<SiteIconAnswer> {
    const icon = await this.get(MASKABLE_SIZE);
    const sha256 = siteIconHash(this.#store);
    if (icon && 'file' in icon && sha256) {
      if (this.#maskable?.sha256 !== sha256) {
        const inner = Math.round(MASKABLE_SIZE * MASKABLE_SAFE_SHARE);
        const margin = (MASKABLE_SIZE - inner) / 2;
        const made = sharp(icon.file)
          .resize({ width: inner, height: inner })
          .flatten({ background: PWA_BACKGROUND_COLOR })
          .extend({
            top: Math.floor(margin),
            bottom: Math.ceil(margin),
            left: Math.floor(margin),
            right: Math.ceil(margin),
            background: PWA_BACKGROUND_COLOR,
          })
          .png()
          .toBuffer()
          .catch(() => null);
        this.#maskable = { sha256, made };
      }
      const bytes = await this.#maskable.made;
      if (bytes) return { bytes };
    }
    return existsSync(this.#stockMaskable) ? { file: this.#stockMaskable } : null;
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
