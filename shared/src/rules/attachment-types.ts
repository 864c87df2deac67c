// Which attachment types a page may show inline, and which the server resizes. A module of its own, without
// the sniffing table, so the blog's bundle can ask these questions without carrying that table.

/** Types a page may show inline in an <img>: raster images only. Everything else is served as a download. */
export const INLINE_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
];
/** Images the server makes resized variants of (GIF is left alone: resizing would drop its animation). */
export const RESIZABLE_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
];

export function isInlineImage(mime: string): boolean {
  return INLINE_IMAGE_TYPES.includes(mime);
}
