// Which attachments anyone may read: those a published post uses, in its content or as its cover image, and
// the site's own images (its icon, the author's avatar).
// Recomputed when the store changes (its sequence number moves), so unpublishing hides them at once.
import { attachmentHashes, attachmentHashOf } from '@private-notes/shared';
import { siteImageHashes } from '../services/site-service.ts';
import type { Store } from '../storage/index.ts';

const cache = new WeakMap<Store, { seq: number; hashes: Set<string> }>();

export function publicAttachmentHashes(store: Store): Set<string> {
  const cached = cache.get(store);
  if (cached && cached.seq === store.seq) return cached.hashes;
  const hashes = new Set<string>();
  for (const post of store.values('posts')) {
    if (!post.published) continue;
    for (const hash of attachmentHashes(post.content)) hashes.add(hash);
    const cover = attachmentHashOf(post.imageUrl);
    if (cover) hashes.add(cover);
  }
  for (const hash of siteImageHashes(store)) hashes.add(hash);
  cache.set(store, { seq: store.seq, hashes });
  return hashes;
}
