// The posts list as list screens need it: every field but the markdown body, plus the card's preview.
// Server-rendered pages carry their data in the HTML; thirty full bodies there (≈ 200 KB) cost the blog
// home its Lighthouse score, so the full list is fetched only when a search needs the bodies.
import { type BlogPost, type PublicDataClient, previewText } from '@private-notes/shared';
import { queryOptions } from '../../api/page-cache.ts';
import { BLOG_KEY } from '../../api/queries.ts';

export type PostSummary = Omit<BlogPost, 'content'> & {
  /** The excerpt, or the first 180 characters of the content when the post has none. */
  preview: string;
};

export function toSummary({ content, ...post }: BlogPost): PostSummary {
  return { ...post, preview: post.excerpt.trim() || previewText(content) };
}

/** Published posts (newest first) without their bodies; under BLOG_KEY, so blog invalidations refresh it. */
export const postSummariesQuery = (data: PublicDataClient) =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'summaries'] as const,
    queryFn: async () => (await data.listPublishedPosts({})).filter((p) => p.published).map(toSummary),
  });
