// The sitemap of the public pages: home, the blog, the tag index, every published post and tag page.
import type { BlogPost } from '@private-notes/shared';
import { postPath } from '@private-notes/shared/rules/slugify';
import { create } from 'xmlbuilder2';

interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

function latestDate(dates: readonly string[]): string | null {
  let latest: string | null = null;
  for (const date of dates) if (latest === null || Date.parse(date) > Date.parse(latest)) latest = date;
  return latest;
}

/** `posts` must be published posts only; `baseUrl` is the public origin without a trailing slash. */
export function buildSitemap(posts: readonly BlogPost[], baseUrl: string): string {
  const newest = latestDate(posts.map((p) => p.updatedAt));
  const tagDates = new Map<string, string[]>();
  for (const post of posts) {
    for (const tag of post.tags) {
      const dates = tagDates.get(tag) ?? [];
      dates.push(post.updatedAt);
      tagDates.set(tag, dates);
    }
  }
  const entries: SitemapEntry[] = [
    { path: '/', lastmod: newest },
    { path: '/blog', lastmod: newest },
    { path: '/blog/tags', lastmod: newest },
    ...posts.map((post) => ({ path: postPath(post), lastmod: post.updatedAt })),
    ...[...tagDates].map(([tag, dates]) => ({
      path: `/blog/tags/${encodeURIComponent(tag)}`,
      lastmod: latestDate(dates),
    })),
  ];

  const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  for (const entry of entries) {
    const url = urlset.ele('url');
    url.ele('loc').txt(`${baseUrl}${entry.path}`);
    if (entry.lastmod) url.ele('lastmod').txt(new Date(entry.lastmod).toISOString());
  }
  return urlset.end({ prettyPrint: true });
}
