// The RSS 2.0 feed of published posts, written by the `feed` package so every value is escaped for XML.
import type { BlogPost } from '@private-notes/shared';
import { postPath } from '@private-notes/shared/rules/slugify';
import { DEFAULT_SITE, type SiteSettings } from '@private-notes/shared/site-defaults';
import { Feed } from 'feed';
import { renderMarkdown } from './render-markdown.ts';
import { SITE_LANGUAGE } from './site-info.ts';

/**
 * `posts` must be published posts, newest first; `baseUrl` is the public origin without a trailing slash;
 * `contentHtml` renders a post's markdown (pass a caching renderer when there is one); `site` names the
 * feed (Settings › Site).
 */
export function buildRss(
  posts: readonly BlogPost[],
  baseUrl: string,
  contentHtml: (post: BlogPost) => string = (post) => renderMarkdown(post.content),
  site: Pick<SiteSettings, 'title' | 'tagline'> = DEFAULT_SITE,
): string {
  const latest = posts[0];
  const feed = new Feed({
    title: `Blog | ${site.title}`,
    description: site.tagline || site.title,
    id: `${baseUrl}/blog`,
    link: `${baseUrl}/blog`,
    language: SITE_LANGUAGE,
    feedLinks: { rss: `${baseUrl}/rss.xml` },
    updated: latest ? new Date(latest.publishedAt ?? latest.updatedAt) : new Date(0),
    generator: 'Private Notes',
    copyright: `© ${site.title}`,
  });
  for (const post of posts) {
    const link = `${baseUrl}${postPath(post)}`;
    const date = new Date(post.publishedAt ?? post.updatedAt);
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date,
      published: date,
      description: post.excerpt,
      content: contentHtml(post),
      category: post.tags.map((tag) => ({
        name: tag,
        domain: `${baseUrl}/blog/tags/${encodeURIComponent(tag)}`,
      })),
      // An uploaded cover is a path on this site; the feed needs its full address.
      ...(post.imageUrl
        ? { image: post.imageUrl.startsWith('/') ? `${baseUrl}${post.imageUrl}` : post.imageUrl }
        : {}),
    });
  }
  return feed.rss2();
}
