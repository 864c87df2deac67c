// How a note or post refers to an attachment in its markdown: a plain relative link to the file's address,
// `![name](/api/attachments/SHA256)` for images and `[name](/api/attachments/SHA256)` for other files. Any
// markdown renderer shows it (see docs/decisions/attachments.md); the owner's screens swap in local bytes.

import { isInlineImage } from './attachment-types.ts';

export const ATTACHMENT_PATH_PREFIX = '/api/attachments/';
/** Widths the server makes image variants at (`?w=`), for `srcset`; other widths are refused. */
export const ATTACHMENT_VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/**
 * `srcset` over the variant widths (below `width` when the image's own width is known, plus the full size).
 * Visitors never get more than the widest variant (the server's bound on image work), so an image wider than
 * that is offered at the variant widths only: a larger descriptor would promise pixels that are not sent.
 */
export function attachmentSrcset(sha256: string, width?: number): string {
  const path = attachmentPath(sha256);
  if (width === undefined) return ATTACHMENT_VARIANT_WIDTHS.map((w) => `${path}?w=${w} ${w}w`).join(', ');
  const widths = ATTACHMENT_VARIANT_WIDTHS.filter((w) => w < width);
  const full = width <= Math.max(...ATTACHMENT_VARIANT_WIDTHS) ? [`${path} ${width}w`] : [];
  return [...widths.map((w) => `${path}?w=${w} ${w}w`), ...full].join(', ');
}

/** The file's address on the server (and in markdown). */
export function attachmentPath(sha256: string): string {
  return `${ATTACHMENT_PATH_PREFIX}${sha256}`;
}

const REFERENCE = /\/api\/attachments\/([0-9a-f]{64})(?![0-9a-f])/g;

/** The hashes a text refers to, each once, in order of first use. Absolute addresses count too. */
export function attachmentHashes(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const match of text.matchAll(REFERENCE)) seen.add(match[1]!);
  return [...seen];
}

/** The hash of an address such as `/api/attachments/SHA?w=640` or `https://host/api/attachments/SHA`, or null. */
export function attachmentHashOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^(?:https?:\/\/[^/]+)?\/api\/attachments\/([0-9a-f]{64})(?:[?#].*)?$/.exec(url.trim());
  return match ? match[1]! : null;
}

/** Brackets and backslashes would end the link text early; line breaks would end the paragraph. */
function escapeLinkText(name: string): string {
  return name.replace(/[\r\n]+/g, ' ').replace(/([\\[\]])/g, '\\$1');
}

/** `![text](/api/attachments/SHA)` when `image`, else `[text](/api/attachments/SHA)`; the text escaped. */
export function attachmentLink(text: string, sha256: string, image: boolean): string {
  return `${image ? '!' : ''}[${escapeLinkText(text)}](${attachmentPath(sha256)})`;
}

/** The markdown inserted at the cursor for a file: an image for inline image types, a link otherwise. */
export function attachmentMarkdown(file: { sha256: string; name: string; mime: string }): string {
  return attachmentLink(file.name, file.sha256, isInlineImage(file.mime));
}

/** "24.0 MB" style sizes for limit messages. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** The message for a file over the per-file limit, the same in the browser and in the server's 413. */
export function fileTooLargeMessage(name: string, size: number | null, maxBytes: number): string {
  const actual = size === null ? '' : ` (${formatBytes(size)})`;
  return `${name} is too large${actual}; files can be at most ${formatBytes(maxBytes)}`;
}

export function quotaExceededMessage(name: string, quotaBytes: number): string {
  return `${name} does not fit: attachments may use at most ${formatBytes(quotaBytes)} in total`;
}
