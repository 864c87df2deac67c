// What crawlers and feed readers fetch: /rss.xml, /sitemap.xml and /robots.txt, for published posts only,
// with absolute links built from the address the site is reached at.
import type { Request } from 'express';
import { Router } from 'express';
import type { Deps } from '../app.ts';
import { buildRss } from '../render/build-rss.ts';
import { buildSitemap } from '../render/build-sitemap.ts';
import { AnswerCache, PUBLIC_FEED, writeAnswer } from './answer-cache.ts';

/** Private areas and the API: nothing there for a search engine. */
export const ROBOTS_DISALLOW = ['/api/', '/notes', '/settings', '/ai-explanations', '/blog/admin', '/admin/'];

/** `PUBLIC_URL` when the deployment sets one (behind a proxy or CDN), else the request's own origin. */
function baseUrlOf(req: Request, configured: string | null): string {
  if (configured) return configured.replace(/\/+$/, '');
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export function createFeedsRouter({ store, config, services }: Deps): Router {
  const router = Router();
  const { blog } = services;
  const answers = new AnswerCache(store, 20);
  const configured = (config as { publicUrl?: string | null }).publicUrl ?? null;

  router.get('/rss.xml', (req, res) => {
    const base = baseUrlOf(req, configured);
    const answer = answers.get(`rss\0${base}`, 'application/rss+xml; charset=utf-8', PUBLIC_FEED, () =>
      buildRss(blog.listPublishedPosts(), base, (post) => blog.renderedHtml(post)),
    );
    writeAnswer(req, res, answer);
  });

  router.get('/sitemap.xml', (req, res) => {
    const base = baseUrlOf(req, configured);
    const answer = answers.get(`sitemap\0${base}`, 'application/xml; charset=utf-8', PUBLIC_FEED, () =>
      buildSitemap(blog.listPublishedPosts(), base),
    );
    writeAnswer(req, res, answer);
  });

  router.get('/robots.txt', (req, res) => {
    const base = baseUrlOf(req, configured);
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
