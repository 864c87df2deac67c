// /rss.xml, /sitemap.xml and /robots.txt over real HTTP: published posts only, absolute links, caching.
import type { BlogPost } from '@private-notes/shared';
import { postPath } from '@private-notes/shared/rules/slugify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { conditionalGet, createPost } from './blog-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
let live: BlogPost;
let draft: BlogPost;

beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
  live = await createPost(s, cookie, {
    title: 'Feeds & <Friends>',
    excerpt: 'All about "feeds"',
    content: '# Feeds\n\nBody <script>alert(1)</script>',
    tags: ['rss', 'web dev'],
    published: true,
  });
  draft = await createPost(s, cookie, { title: 'Hidden Draft Title', tags: ['secret-tag'] });
});
afterAll(() => s.close());

describe('/rss.xml', () => {
  it('lists published posts with absolute links, never drafts', async () => {
    const res = await fetch(`${s.url}/rss.xml`);
    const xml = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toMatch(/^W\//);
    expect(() => create(xml)).not.toThrow();
    expect(xml).toContain(`<link>${s.url}${postPath(live)}</link>`);
    expect(xml).toContain('Feeds & <Friends>');
    expect(xml).not.toContain('Hidden Draft');
    expect(xml).not.toContain('<script>alert(1)');
  });

  it('follows publishing at once', async () => {
    await s.api('PUT', `/api/admin/blog/${draft.id}`, { cookie, body: { published: true } });
    expect(await (await fetch(`${s.url}/rss.xml`)).text()).toContain('Hidden Draft Title');
    await s.api('PUT', `/api/admin/blog/${draft.id}`, { cookie, body: { published: false } });
    expect(await (await fetch(`${s.url}/rss.xml`)).text()).not.toContain('Hidden Draft Title');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await fetch(`${s.url}/rss.xml`)).headers.get('etag')!;
    expect((await conditionalGet(`${s.url}/rss.xml`, etag)).status).toBe(304);
  });
});

describe('/sitemap.xml', () => {
  it('lists home, blog, tag index, published posts and their tags with lastmod; no drafts', async () => {
    const res = await fetch(`${s.url}/sitemap.xml`);
    const xml = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(() => create(xml)).not.toThrow();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${s.url}/`,
      `${s.url}/blog`,
      `${s.url}/blog/tags`,
      `${s.url}${postPath(live)}`,
      `${s.url}/blog/tags/rss`,
      `${s.url}/blog/tags/web%20dev`,
    ]);
    expect(xml).toContain(`<lastmod>${live.updatedAt}</lastmod>`);
    expect(xml).not.toContain('secret-tag');
  });

  it('keeps the address the site was first reached at: a later Host is never reflected', async () => {
    const xml = await new Promise<string>((resolve, reject) => {
      import('node:http').then(({ default: http }) =>
        http
          .get(`${s.url}/sitemap.xml`, { headers: { host: 'notes.example:8080' } }, (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve(body));
          })
          .on('error', reject),
      );
    });
    expect(xml).toContain(`<loc>${s.url}/blog</loc>`);
    expect(xml).not.toContain('notes.example');
  });
});

describe('/robots.txt', () => {
  it('allows the public site, keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await fetch(`${s.url}/robots.txt`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/api/', '/notes', '/settings', '/ai-explanations', '/blog/admin', '/admin/']) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${s.url}/sitemap.xml`);
  });
});
