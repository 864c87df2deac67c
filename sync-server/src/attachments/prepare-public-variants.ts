// When a post is published, its images' common variants are queued at once, so the work happens on the
// owner's action, one image at a time, rather than while the first visitors wait for it.
import {
  attachmentHashes,
  attachmentHashOf,
  type BlogPost,
  RESIZABLE_IMAGE_TYPES,
} from '@private-notes/shared';
import type { AttachmentService } from './attachment-service.ts';
import type { ImageVariants } from './image-variants.ts';

export function preparePublicVariants(
  post: Pick<BlogPost, 'published' | 'content' | 'imageUrl'>,
  attachments: AttachmentService,
  variants: ImageVariants,
): void {
  if (!post.published) return;
  const hashes = new Set(attachmentHashes(post.content));
  const cover = attachmentHashOf(post.imageUrl);
  if (cover) hashes.add(cover);
  for (const sha256 of hashes) {
    const record = attachments.get(sha256);
    if (record && RESIZABLE_IMAGE_TYPES.includes(record.mime)) variants.prepare(sha256, record.width);
  }
}
