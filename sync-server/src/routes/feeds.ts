// What crawlers and feed readers fetch: /rss.xml, /sitemap.xml and /robots.txt, for published posts only,
// with absolute links built from the site's origin (http/site-origin.ts), never from each request's Host.
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { buildRss } from '../render/build-rss.ts';
import { buildSitemap } from '../render/build-sitemap.ts';
import { AnswerCache, type CachedAnswer, PUBLIC_FEED, sendAnswer } from './answer-cache.ts';
import { publicFastPathFor } from './public-fast-path.ts';

/** Private areas and the API: nothing there for a search engine. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/notes',
  '/study',
  '/settings',
  '/ai-explanations',
  '/blog/admin',
  '/admin/',
];

/** Feed readers show the content on other sites: uploaded images need the full address there. */
export function absoluteAttachmentUrls(html: string, base: string): string {
  return html.replace(/(["\s,])\/api\/attachments\//g, `$1${base}/api/attachments/`);
}

export function createFeedsRouter({ store, services, siteOrigin }: Deps): Router {
  const router = Router();
  const { blog } = services;
  const version = () => blog.contentVersion();
  const answers = new AnswerCache(version, 20);
  const fastPath = publicFastPathFor(store);

  /** Built and compressed once per version of the blog's content, then replayed by the fast path. */
  async function sendFeed(req: Request, res: Response, answer: CachedAnswer): Promise<void> {
    await answer.prepare();
    fastPath.remember(req, res, answer, { version, anyone: true });
    await sendAnswer(req, res, answer);
  }

  router.get('/rss.xml', async (req, res) => {
    const base = siteOrigin.of(req);
    const answer = answers.get(`rss\0${base}`, 'application/rss+xml; charset=utf-8', PUBLIC_FEED, () =>
      buildRss(
        blog.listPublishedPosts(),
        base,
        (post) => absoluteAttachmentUrls(blog.renderedHtml(post), base),
        services.site.get(),
      ),
    );
    await sendFeed(req, res, answer);
  });

  router.get('/sitemap.xml', async (req, res) => {
    const base = siteOrigin.of(req);
    const answer = answers.get(`sitemap\0${base}`, 'application/xml; charset=utf-8', PUBLIC_FEED, () =>
      buildSitemap(blog.listPublishedPosts(), base),
    );
    await sendFeed(req, res, answer);
  });

  router.get('/robots.txt', (req, res) => {
    const base = siteOrigin.of(req);
    const text = [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
    res.set('Cache-Control', PUBLIC_FEED);
    res.type('text/plain; charset=utf-8').send(text);
  });

  return router;
}
