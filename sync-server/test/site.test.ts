// Settings › Site over real HTTP: the spec's defaults with nobody else's address, the owner's changes
// (validated, all or nothing), the author from the Profile, and feeds and mails that follow them.
import { DEFAULT_SITE, type PublicSite, type SiteSettings } from '@private-notes/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencedHashes } from '../src/attachments/attachment-gc.ts';
import { getBytes, png, sha256Of, upload } from './attachment-fixtures.ts';
import { createPost } from './blog-fixtures.ts';
import { copyBuiltWebApp } from './built-web-app.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());

const OWN_SITE: SiteSettings = {
  title: 'Ada’s Notebook',
  tagline: 'Engines, notes and numbers',
  categories: [{ name: 'Engines', tags: ['engine', 'machines'] }],
  contactEmail: 'ada@example.org',
  socialLinks: [{ network: 'Mastodon', url: 'https://mastodon.example/@ada' }],
  iconUrl: null,
  avatarUrl: null,
};

describe('GET /api/site', () => {
  it('starts with the spec’s texts and no contact address or social links of anyone', async () => {
    const res = await s.api<PublicSite>('GET', '/api/site');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Private Notes',
      tagline: 'Thoughts on knowledge management, productivity, and technology',
      contactEmail: null,
      socialLinks: [],
    });
    expect(res.body.categories.map((c) => c.name)).toEqual([
      'Knowledge Management',
      'Productivity',
      'Technology',
    ]);
    // No Profile name yet: the site's title signs the posts.
    expect(res.body.author.name).toBe('Private Notes');
    expect(JSON.stringify(res.body)).not.toMatch(/privatenotes\.dev|github\.com|x\.com|linkedin/);
  });
});

describe('/api/admin/site', () => {
  it('is the owner’s only', async () => {
    expect((await s.api('GET', '/api/admin/site')).status).toBe(401);
    expect((await s.api('PUT', '/api/admin/site', { body: OWN_SITE })).status).toBe(401);
    expect((await s.api('GET', '/api/site')).body.title).toBe(DEFAULT_SITE.title);
  });

  it('saves the whole site, and visitors see it at once with the Profile as author', async () => {
    const put = await s.api('PUT', '/api/admin/site', {
      cookie,
      body: {
        ...OWN_SITE,
        title: `  ${OWN_SITE.title} `,
        categories: [{ name: 'Engines', tags: ['Engine', 'machines'] }],
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual(OWN_SITE);
    expect((await s.api('GET', '/api/admin/site', { cookie })).body).toEqual(OWN_SITE);

    const settings = (await s.api('GET', '/api/user/settings', { cookie })).body;
    await s.api('PUT', '/api/user/settings', {
      cookie,
      body: { ...settings, displayName: 'Dr. Ada Notes', bio: 'Counts engines.' },
    });
    const site = await s.api<PublicSite>('GET', '/api/site');
    expect(site.body).toEqual({
      ...OWN_SITE,
      author: { name: 'Dr. Ada Notes', bio: 'Counts engines.', avatarUrl: null },
    });
  });

  it.each([
    [{ ...OWN_SITE, title: '  ' }, /^title: must not be empty/],
    [{ ...OWN_SITE, contactEmail: 'not-an-address' }, /^contactEmail: /],
    [
      { ...OWN_SITE, socialLinks: [{ network: 'Evil', url: 'javascript:alert(1)' }] },
      /^socialLinks\.0\.url: /,
    ],
    [
      { ...OWN_SITE, categories: [{ name: 'Empty', tags: [] }] },
      /^categories\.0\.tags: must name at least one tag/,
    ],
    [{ ...OWN_SITE, extra: true }, /extra/],
    [{ title: 'Only a title' }, /^tagline: /],
  ])('refuses %# with 400 and keeps the saved site', async (body, message) => {
    const before = (await s.api('GET', '/api/site')).body;
    const res = await s.api('PUT', '/api/admin/site', { cookie, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await s.api('GET', '/api/site')).body).toEqual(before);
  });

  it('names the RSS feed after the site', async () => {
    await createPost(s, cookie, { title: 'Engines today', published: true });
    const rss = await s.api('GET', '/rss.xml');
    expect(rss.status).toBe(200);
    expect(rss.body).toContain('<title>Blog | Ada’s Notebook</title>');
    expect(rss.body).toContain('Engines, notes and numbers');
  });
});

describe('the site icon', () => {
  it('is an uploaded image, public once set, cut square for the favicon, apple-touch and the manifest', async () => {
    const bytes = await png(600, 400);
    const sha = sha256Of(bytes);
    expect((await upload(s, cookie, bytes, { name: 'logo.png' })).status).toBe(201);
    // Private until the site uses it.
    expect((await getBytes(`${s.url}/api/attachments/${sha}`)).status).toBe(404);

    const refused = await s.api('PUT', '/api/admin/site', {
      cookie,
      body: { ...OWN_SITE, iconUrl: 'https://elsewhere.example/logo.png' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^iconUrl: must be an uploaded image/);

    const iconUrl = `/api/attachments/${sha}`;
    const saved = await s.api('PUT', '/api/admin/site', { cookie, body: { ...OWN_SITE, iconUrl } });
    expect(saved).toMatchObject({ status: 200, body: { iconUrl } });
    expect((await s.api('GET', '/api/site')).body.iconUrl).toBe(iconUrl);
    expect((await getBytes(`${s.url}/api/attachments/${sha}`)).status).toBe(200);
    expect(referencedHashes(s.handle.store).has(sha)).toBe(true);

    for (const size of [32, 180, 192, 512]) {
      const icon = await getBytes(`${s.url}/site-icon/${size}.png`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(icon.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    expect((await getBytes(`${s.url}/site-icon/64.png`)).status).toBe(404);
    const manifest = (await s.api('GET', '/manifest.webmanifest')).body;
    expect(manifest.icons.map((i: { src: string; purpose: string }) => [i.src, i.purpose])).toEqual([
      ['/site-icon/192.png', 'any'],
      ['/site-icon/512.png', 'any'],
      ['/site-icon/maskable-512.png', 'maskable'],
    ]);
    // The maskable form: the red icon whole in the middle 80 %, on the manifest's white background.
    const maskable = await getBytes(`${s.url}/site-icon/maskable-512.png`);
    expect(maskable.status).toBe(200);
    expect(maskable.headers.get('content-type')).toBe('image/png');
    const { data, info } = await sharp(maskable.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 512 + x) * info.channels, (y * 512 + x) * info.channels + 3),
    ];
    expect(pixel(5, 5)).toEqual([255, 255, 255]);
    expect(pixel(40, 256)).toEqual([255, 255, 255]);
    expect(pixel(256, 256)).toEqual([255, 0, 0]);
    expect(pixel(60, 60)).toEqual([255, 0, 0]);

    // Removed: private again, the stock icons in the manifest (this server has no build: no stock PNGs).
    await s.api('PUT', '/api/admin/site', { cookie, body: { ...OWN_SITE, iconUrl: null } });
    expect((await getBytes(`${s.url}/api/attachments/${sha}`)).status).toBe(404);
    expect((await s.api('GET', '/manifest.webmanifest')).body.icons[0].src).toBe('/icons/pwa-192.png');
    expect((await getBytes(`${s.url}/site-icon/32.png`)).status).toBe(404);
    expect((await getBytes(`${s.url}/site-icon/maskable-512.png`)).status).toBe(404);
  });
});

describe('server-rendered pages follow the site at once', () => {
  let web: ReturnType<typeof copyBuiltWebApp>;
  let w: TestServer;
  let owner: string;
  beforeAll(async () => {
    web = copyBuiltWebApp('pn-site-test');
    w = await startTestServer({ webDistDir: web.webDistDir });
    owner = await w.login();
  }, 180_000);
  afterAll(async () => {
    await w?.close();
    web?.remove();
  });

  it('shows the defaults, then the owner’s site and Profile on cached pages without a restart', async () => {
    const post = await createPost(w, owner, { title: 'Engines today', published: true });
    const postUrl = `/blog/post/${post.id}/engines-today`;
    // Rendered and cached for visitors (twice: the second answer comes from the cache).
    for (let i = 0; i < 2; i++) {
      const home = await w.api('GET', '/blog');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Thoughts on knowledge management, productivity, and technology');
      expect(home.body).not.toContain('privatenotes.dev');
      expect(home.body).not.toContain('aria-label="Social links"');
      expect((await w.api('GET', postUrl)).body).toContain('<title>Engines today | Private Notes</title>');
    }

    expect((await w.api('PUT', '/api/admin/site', { cookie: owner, body: OWN_SITE })).status).toBe(200);
    const home = await w.api('GET', '/blog');
    expect(home.body).toContain('Engines, notes and numbers');
    expect(home.body).toContain('href="mailto:ada@example.org"');
    expect(home.body).toContain('href="https://mastodon.example/@ada"');
    expect(home.body).toContain('>Engines</button>');
    expect(home.body).not.toContain('Knowledge Management</button>');
    expect((await w.api('GET', postUrl)).body).toContain('<title>Engines today | Ada’s Notebook</title>');

    const settings = (await w.api('GET', '/api/user/settings', { cookie: owner })).body;
    await w.api('PUT', '/api/user/settings', {
      cookie: owner,
      body: { ...settings, displayName: 'Dr. Ada Notes', bio: 'Counts engines.' },
    });
    const page = await w.api('GET', postUrl);
    expect(page.body).toContain('Dr. Ada Notes');
    expect(page.body).toContain('Counts engines.');
    expect(page.body).toContain('"author":{"@type":"Person","name":"Dr. Ada Notes"');
  });

  it('uses a post’s SEO description for its meta and Open Graph description', async () => {
    const post = await createPost(w, owner, {
      title: 'Search me',
      excerpt: 'The excerpt.',
      published: true,
      seoDescription: 'What search engines show.',
    });
    const page = (await w.api('GET', `/blog/post/${post.id}/search-me`)).body as string;
    expect(page).toContain('<meta name="description" content="What search engines show."/>');
    expect(page).toContain('<meta property="og:description" content="What search engines show."/>');
    const plain = await createPost(w, owner, {
      title: 'No SEO',
      excerpt: 'Only the excerpt.',
      published: true,
    });
    expect((await w.api('GET', `/blog/post/${plain.id}/no-seo`)).body).toContain(
      '<meta name="description" content="Only the excerpt."/>',
    );
  });

  it('every public page’s title and the web app manifest use the site’s title, at once', async () => {
    const post = await createPost(w, owner, { title: 'Gears', tags: ['engine'], published: true });
    const pages = [
      ['/blog/tags', 'All Tags'],
      ['/blog/tags/engine', 'Posts tagged &quot;engine&quot;'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
      ['/unsubscribe', 'Unsubscribe'],
      ['/subscribe/confirm?token=abc', 'Confirm your subscription'],
      [`/blog/post/${post.id}/gears`, 'Gears'],
    ] as const;
    const site = async (title: string) =>
      expect(
        (await w.api('PUT', '/api/admin/site', { cookie: owner, body: { ...OWN_SITE, title } })).status,
      ).toBe(200);

    await site('Workshop Log');
    for (const [path, page] of pages) {
      const html = (await w.api('GET', path)).body as string;
      expect(html, path).toContain(`<title>${page} | Workshop Log</title>`);
      expect(html, path).toContain('<meta property="og:site_name" content="Workshop Log"/>');
    }
    const manifest = await w.api('GET', '/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.body).toMatchObject({
      name: 'Workshop Log',
      short_name: 'Workshop Log',
      start_url: '/notes',
    });

    // Cached pages and the manifest follow the next change without a restart.
    await site('Engine Room');
    for (const [path, page] of pages)
      expect((await w.api('GET', path)).body, path).toContain(`<title>${page} | Engine Room</title>`);
    expect((await w.api('GET', '/manifest.webmanifest')).body).toMatchObject({
      name: 'Engine Room',
      short_name: 'Engine Room',
    });
  });

  it('serves the stock icon at every size until the owner uploads one', async () => {
    await w.api('PUT', '/api/admin/site', { cookie: owner, body: { ...OWN_SITE, iconUrl: null } });
    const icon = await getBytes(`${w.url}/site-icon/180.png`);
    expect(icon.status).toBe(200);
    expect((await sharp(icon.bytes).metadata()).width).toBe(180);
    // The product's own maskable icon, the one the stock manifest names.
    const maskable = await getBytes(`${w.url}/site-icon/maskable-512.png`);
    expect(maskable.status).toBe(200);
    expect((await sharp(maskable.bytes).metadata()).width).toBe(512);
    const page = (await w.api('GET', '/privacy-policy')).body as string;
    expect(page).toContain('<link rel="icon" href="/site-icon/32.png" type="image/png"/>');
    expect(page).toContain('<link rel="apple-touch-icon" href="/site-icon/180.png"/>');
  });

  it('shows the author’s picture beside their name on posts, public and kept while the site uses it', async () => {
    const bytes = await png(300, 300);
    const sha = sha256Of(bytes);
    expect((await upload(w, owner, bytes, { name: 'me.png' })).status).toBe(201);
    const post = await createPost(w, owner, { title: 'Portrait', published: true });
    const avatarUrl = `/api/attachments/${sha}`;
    await w.api('PUT', '/api/admin/site', { cookie: owner, body: { ...OWN_SITE, avatarUrl } });
    expect((await w.api('GET', '/api/site')).body.author.avatarUrl).toBe(avatarUrl);
    const page = (await w.api('GET', `/blog/post/${post.id}/portrait`)).body as string;
    expect(page).toContain(`src="${avatarUrl}?w=320"`);
    const image = await getBytes(`${w.url}${avatarUrl}?w=320`, { accept: 'image/webp' });
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(referencedHashes(w.handle.store).has(sha)).toBe(true);

    await w.api('PUT', '/api/admin/site', { cookie: owner, body: { ...OWN_SITE, avatarUrl: null } });
    expect((await w.api('GET', `/blog/post/${post.id}/portrait`)).body).not.toContain(avatarUrl);
    expect((await getBytes(`${w.url}${avatarUrl}?w=320`)).status).toBe(404);
  });
});
