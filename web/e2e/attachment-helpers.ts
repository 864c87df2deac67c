// Helpers for the attachment browser tests: real PNG bytes (made with sharp), and paste / drop events carrying
// files, dispatched in the page the way a browser does when the owner pastes a screenshot or drops a file.
import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function pngBytes(
  width: number,
  height: number,
  colour: { r: number; g: number; b: number },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

interface FileSpec {
  name: string;
  /** Base64 bytes, or a size for a file of zeros made in the page (large files need no transfer). */
  base64?: string;
  size?: number;
  type?: string;
}

/** Dispatches a paste (or drop) event with these files on the element, as the browser would. */
export async function sendFiles(target: Locator, kind: 'paste' | 'drop', files: FileSpec[]): Promise<void> {
  await target.evaluate(
    (element, { kind, files }) => {
      const transfer = new DataTransfer();
      for (const spec of files) {
        const bytes = spec.base64
          ? Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0))
          : new Uint8Array(spec.size ?? 0);
        transfer.items.add(new File([bytes], spec.name, { type: spec.type ?? '' }));
      }
      if (kind === 'paste') {
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      } else {
        element.dispatchEvent(
          new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
        element.dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    },
    { kind, files },
  );
}

/** True once the image has loaded real pixels (a broken image has naturalWidth 0). */
export function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate(
    (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
  );
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}
