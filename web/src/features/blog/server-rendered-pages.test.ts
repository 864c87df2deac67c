// What crawlers and link previews receive, fetched over plain HTTP (no browser) from the real server with
// the built web app: a post page and /blog carry the content, title, description, canonical link, Open
// Graph and Twitter tags and BlogPosting JSON-LD; a missing post answers 404; a slug-less URL redirects.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../sync-server/test/helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const built = existsSync(path.join(root, 'web/dist-ssr/entry-server.js'));

/** The content of `<meta {attr}="{key}" content="…">`, entities decoded. */
function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`));
  return tag?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

function jsonLd(html: string): Record<string, unknown> {
  const script = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/);
  if (!script?.[1]) throw new Error('no JSON-LD in the page');
  return JSON.parse(script[1]);
}

// The server renders pages from web/dist; without a build there is nothing to fetch (npm test builds first).
describe.skipIf(!built)('server-rendered blog pages over plain HTTP', () => {
  let server: TestServer;
  let copy: string;
  let postPath: string;
  let emptyBlog: string;
  const longContent = `${'Linking notes by idea rather than by folder lets a collection grow into knowledge. '.repeat(4)}`;

  beforeAll(async () => {
    // A private copy: other builds may replace web/dist while this runs.
    copy = path.join(root, 'node_modules/.cache/pn-blog-ssr-test', String(process.pid));
    cpSync(path.join(root, 'web/dist'), path.join(copy, 'dist'), { recursive: true });
    cpSync(path.join(root, 'web/dist-ssr'), path.join(copy, 'dist-ssr'), { recursive: true });
    server = await startTestServer({ webDistDir: path.join(copy, 'dist') });
    emptyBlog = await (await fetch(`${server.url}/blog`)).text();
    const cookie = await server.login();
    const created = await server.api('POST', '/api/admin/blog', {
      cookie,
      body: {
        title: 'Notes That Grow: A Field Guide',
        excerpt: '',
        content: `# Where to start\n\n${longContent}\n\n## Keep going\n\nThe second paragraph <b>stays</b>.`,
        tags: ['knowledge', 'notes'],
        published: true,
      },
    });
    expect(created.status).toBe(201);
    postPath = `/blog/post/${created.body.id}/notes-that-grow-a-field-guide`;
    await server.api('POST', '/api/admin/blog', {
      cookie,
      body: { title: 'A draft nobody sees', content: 'Secret draft.', published: false },
    });
  });

  afterAll(async () => {
    await server?.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('a post page holds its title, a paragraph, description, canonical, Open Graph and JSON-LD', async () => {
    const res = await fetch(server.url + postPath);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Notes That Grow: A Field Guide | Private Notes</title>');
    expect(html).toMatch(/<h1[^>]*id="post-title"[^>]*>Notes That Grow: A Field Guide<\/h1>/);
    expect(html).toContain('<h1 id="where-to-start">Where to start</h1>');
    expect(html).toContain('<p>Linking notes by idea rather than by folder');

    const description = meta(html, 'name', 'description');
    // The content's plain text (the heading's words included), cut at 160 characters.
    const plain = `Where to start ${longContent}`;
    expect(description).toBe(plain.slice(0, 160).trimEnd());
    expect(description?.length).toBeLessThanOrEqual(160);
    expect(html).toContain(`<link rel="canonical" href="${server.url}${postPath}"/>`);
    expect(meta(html, 'property', 'og:title')).toBe('Notes That Grow: A Field Guide | Private Notes');
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:url')).toBe(server.url + postPath);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary');
    expect(meta(html, 'name', 'twitter:title')).toBe('Notes That Grow: A Field Guide | Private Notes');

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Notes That Grow: A Field Guide',
      url: server.url + postPath,
      inLanguage: 'en-US',
      isAccessibleForFree: true,
      keywords: 'knowledge, notes',
    });
    expect(String(ld.description)).toBe(plain.slice(0, 150).trimEnd());
  });

  it('the sign-in page cannot be sent before the app runs: Sign In disabled, and never by GET', async () => {
    const html = await (await fetch(`${server.url}/auth`)).text();
    const form = html.match(/<form\b[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    const submit = html.match(/<button\b[^>]*type="submit"[^>]*>/)?.[0] ?? '';
    expect(submit).toContain('disabled');
  });

  it('/blog before any post says so', () => {
    expect(emptyBlog).toContain('No posts available.');
    expect(emptyBlog).toContain('Subscribe to the Newsletter');
  });

  it('/blog lists published posts with its own metadata and no drafts', async () => {
    const res = await fetch(`${server.url}/blog`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('must-revalidate');
    const html = await res.text();
    expect(html).toContain('<title>Blog | Private Notes</title>');
    expect(html).toContain('Thoughts on knowledge management, productivity, and technology');
    expect(html).toContain('Notes That Grow: A Field Guide');
    expect(html).toContain(`href="${postPath}"`);
    expect(html).not.toContain('A draft nobody sees');
    expect(meta(html, 'name', 'description')).toBe(
      'Thoughts on knowledge management, productivity, and technology',
    );
    expect(html).toContain(`<link rel="canonical" href="${server.url}/blog"/>`);
    expect(meta(html, 'property', 'og:title')).toBe('Blog | Private Notes');
    expect(meta(html, 'property', 'og:type')).toBe('website');
    expect(html).not.toContain('application/ld+json');
  });

  it('a post URL without its slug redirects permanently; a missing post is a 404 page', async () => {
    const id = postPath.split('/')[3];
    const bare = await fetch(`${server.url}/blog/post/${id}`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(postPath);
    const wrong = await fetch(`${server.url}/blog/post/${id}/old-title`, { redirect: 'manual' });
    expect(wrong.status).toBe(301);

    const missing = await fetch(`${server.url}/blog/post/424242`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('Post Not Found');
    expect(html).toContain('<title>Post Not Found | Private Notes</title>');
  });

  it('tag pages and the unsubscribe page are rendered with their titles and canonical links', async () => {
    const tag = await (await fetch(`${server.url}/blog/tags/knowledge`)).text();
    expect(tag).toContain('<title>Posts tagged &quot;knowledge&quot; | Private Notes</title>');
    expect(tag).toContain('Showing 1 post tagged with &quot;knowledge&quot;');
    expect(tag).toContain(`<link rel="canonical" href="${server.url}/blog/tags/knowledge"/>`);
    const tags = await (await fetch(`${server.url}/blog/tags`)).text();
    expect(tags).toContain('<title>All Tags | Private Notes</title>');
    expect(tags).toContain('1 post');
    const unsubscribe = await (await fetch(`${server.url}/unsubscribe?email=a%40b.co`)).text();
    expect(unsubscribe).toContain('<title>Unsubscribe | Private Notes</title>');
    expect(unsubscribe).toContain('value="a@b.co"');
  });
});
