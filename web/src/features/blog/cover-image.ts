// The <img> attributes of a post's cover image: an uploaded one gets resized variants (srcset) so a phone
// loads a small file; an outside address is used as it is.
import {
  attachmentHashOf,
  attachmentPath,
  attachmentSrcset,
} from '@private-notes/shared/rules/attachment-markdown';

export function coverImageProps(
  imageUrl: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const sha256 = attachmentHashOf(imageUrl);
  if (!sha256) return { src: imageUrl };
  return { src: `${attachmentPath(sha256)}?w=1280`, srcSet: attachmentSrcset(sha256), sizes };
}

/**
 * Open Graph and JSON-LD need an absolute address: an uploaded image at a width crawlers take (a cover's
 * 1280, an author's picture as the post shows it).
 */
export function absoluteImageUrl(
  imageUrl: string | null | undefined,
  origin: string,
  width = 1280,
): string | null {
  if (!imageUrl) return null;
  if (/^https?:\/\//i.test(imageUrl)) return imageUrl;
  const sha256 = attachmentHashOf(imageUrl);
  return sha256 ? `${origin}${attachmentPath(sha256)}?w=${width}` : null;
}
