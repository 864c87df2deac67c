// Serving the web app (pages/web-app.ts) over plain HTTP, no browser: server-rendered public pages with
// their content, titles and CSS links; 404 for unknown paths; cache rules (public pages revalidate with an
// ETag, private ones are never stored, hashed assets cached for a year); the page shown before a build.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCacheFor, pageRendersFor, rendererLoadsFor } from '../src/pages/web-app.ts';
import { publicFastPathFor, REPLAY_BUDGET_BYTES } from '../src/routes/public-fast-path.ts';
import { ensureWebAppBuilt } from './built-web-app.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The built file of a route's component chunk, from Vite's manifest (chunk file names carry no route name). */
function routeChunk(route: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[`${route}?tsr-split=component`];
  if (!entry) throw new Error(`No chunk for ${route} in the build's manifest`);
  return entry.file;
}

describe('web app serving (built app, server rendering)', () => {
  let s: TestServer;
  let copy: string;

  beforeAll(async () => {
    ensureWebAppBuilt();
    // A private copy: other builds may replace web/dist while this runs. Inside node_modules so the
    // server bundle resolves its packages from the repository.
    copy = path.join(root, 'node_modules/.cache/pn-web-app-test', String(process.pid));
    cpSync(path.join(root, 'web/dist'), path.join(copy, 'dist'), { recursive: true });
    cpSync(path.join(root, 'web/dist-ssr'), path.join(copy, 'dist-ssr'), { recursive: true });
    // A build from before the precompress step has no .br/.gz beside its files: make them, as the build does.
    const precompress = spawnSync(process.execPath, ['scripts/precompress.mjs', path.join(copy, 'dist')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (precompress.status !== 0) throw new Error('precompress failed');
    s = await startTestServer({ webDistDir: path.join(copy, 'dist') });
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    rmSync(copy, { recursive: true, force: true });
  });

  it('runs a production build of the app, whoever built it (vitest sets NODE_ENV=test)', () => {
    // A development build imports React's development JSX runtime, which the production server lacks.
    const entry = readFileSync(path.join(copy, 'dist-ssr/entry-server.js'), 'utf8');
    expect(entry).toContain('react/jsx-runtime');
    expect(entry).not.toContain('react/jsx-dev-runtime');
  });

  it('renders /privacy-policy on the server: heading, text, title, lang, styles and preloads', async () => {
    const res = await s.api('GET', '/privacy-policy');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html: string = res.body;
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(html).toContain('<h1>Privacy Policy</h1>');
    expect(html).toContain('Last updated <!-- -->April 12, 2025');
    expect(html).toContain('No trackers, no advertising');
    expect(html).toContain('<title>Privacy Policy | Private Notes</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    // A visitor's page is islands (docs/decisions/public-islands.md): the public entry, none of the app's
    // chunks, no router data.
    expect(html).toMatch(/<script type="module" src="\/assets\/public-entry-[^"]+\.js"/);
    expect(html).not.toMatch(/entry-client-[^"]+\.js|rel="modulepreload"|\$_TSR/);
    // The theme is applied before paint.
    expect(html).toContain('private-notes-theme');
  });

  it('renders a public page for the owner with the whole app and its route chunks', async () => {
    const cookie = await s.login();
    const html: string = (await s.api('GET', '/privacy-policy', { cookie })).body;
    expect(html).toContain(
      `<link rel="modulepreload" href="/${routeChunk('src/routes/privacy-policy.tsx')}"`,
    );
    expect(html).toMatch(/<script type="module" src="\/assets\/entry-client-[^"]+\.js"/);
    expect(html).not.toContain('public-entry-');
  });

  it('renders the terms with the 30 days’ notice', async () => {
    const res = await s.api('GET', '/terms-of-service');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1>Terms of Service</h1>');
    expect(res.body).toContain('at least 30 days');
  });

  it('answers an unknown path with the not-found screen and status 404', async () => {
    const res = await s.api('GET', '/no/such/page');
    expect(res.status).toBe(404);
    expect(res.body).toContain('404 Page Not Found');
    expect(res.body).toContain('Did you forget to add the page to the router?');
  });

  it('lets public pages revalidate with an ETag and answers 304 when unchanged', async () => {
    const first = await s.api('GET', '/privacy-policy');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await s.api('GET', '/privacy-policy')).headers.get('etag')).toBe(etag);
    // node:http rather than fetch: fetch adds 'Cache-Control: no-cache' to conditional requests.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${s.url}/privacy-policy`, { headers: { 'if-none-match': etag! } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('builds the canonical link from the site’s first address, never from a later visitor’s Host', async () => {
    const get = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = http.get(`${s.url}/blog`, { headers: { host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
      });
    const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    // Earlier tests reached the server at s.url first: that is the site's address until PUBLIC_URL says otherwise.
    expect(canonical(await get('notes.example.com'))).toBe(`${s.url}/blog`);
    expect(canonical(await get('192.168.1.20:3000'))).toBe(`${s.url}/blog`);
  });

  it('renders and caches a page once, whatever parameters no page reads are added to its address', async () => {
    const pages = pageCacheFor(s.handle.store);
    const first = await s.api('GET', '/terms-of-service');
    const held = pages.size;
    for (const query of ['?any=1', '?any=2', '?utm_source=mail&x=%3Cscript%3E', '?any=3&any=4']) {
      const res = await s.api('GET', `/terms-of-service${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag'), query).toBe(first.headers.get('etag'));
      expect(res.body).not.toContain('utm_source');
    }
    expect(pages.size).toBe(held);
    // Parameters a page does read still make their own page.
    const search = await s.api('GET', '/blog?search=spaced&junk=1');
    expect(search.status).toBe(200);
    expect(pages.size).toBe(held + 1);
    expect((await s.api('GET', '/blog?junk=2&search=spaced')).headers.get('etag')).toBe(
      search.headers.get('etag'),
    );
    expect(pages.size).toBe(held + 1);
  });

  it('renders a page once for visitors who ask for it at the same time, and gives them all the same page', async () => {
    const renders = pageRendersFor(s.handle.store);
    const pages = pageCacheFor(s.handle.store);
    const before = renders.started;
    const held = pages.size;
    // A page nobody has asked for yet, asked for by eight visitors at once.
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.api('GET', '/blog?search=together')));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(answers[0]!.headers.get('etag'));
      expect(res.body).toContain('together');
    }
    expect(renders.started).toBe(before + 1);
    expect(pages.size).toBe(held + 1);
    expect(renders.size).toBe(0);
  });

  it('allows the inline scripts by hash, with no nonce that would break a cached copy', async () => {
    const res = await s.api('GET', '/privacy-policy');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain('nonce-');
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    // The app's screens open locked notes here: Argon2id (hash-wasm) needs WebAssembly compilation.
    expect(scriptSrc.split(' ')).toContain("'wasm-unsafe-eval'");
    const html: string = res.body;
    // Scripts that run (the islands' data block, type application/json, never does).
    const inline = [...html.matchAll(/<script(?![^>]*\s(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].filter(
      (m) => m[1],
    );
    expect(inline.length).toBeGreaterThan(0);
    // The renderer's marks are gone: the same page has the same bytes, and no nonce is handed out.
    expect(html).not.toMatch(/nonce=|csp-nonce/);
    const { createHash } = await import('node:crypto');
    for (const m of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    }
  });

  it('never stores the owner’s screens or pages rendered for the signed-in owner', async () => {
    const notes = await s.api('GET', '/notes');
    expect(notes.status).toBe(200);
    expect(notes.headers.get('cache-control')).toBe('private, no-store');
    expect(notes.body).toContain('Loading...');

    const cookie = await s.login();
    const page = await s.api('GET', '/privacy-policy', { cookie });
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(
      page.body,
      page.body.slice(page.body.indexOf('<header'), page.body.indexOf('</header>')),
    ).toContain('Logout (<!-- -->admin<!-- -->)');
    const anonymous = await s.api('GET', '/privacy-policy');
    expect(anonymous.body).not.toContain('Logout (');
  });

  it('marks a page rendered for the signed-in owner, whose shell may then ask for a new device’s first notes', async () => {
    const cookie = await s.login();
    const owner = await s.api('GET', '/notes', { cookie });
    expect(owner.body).toMatch(/^<!DOCTYPE html><html lang="en" data-owner="">/);
    // The shell's script (which reads the mark) runs under the policy, allowed by its hash.
    const policy = owner.headers.get('content-security-policy') ?? '';
    const { createHash } = await import('node:crypto');
    const shell = [...owner.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].find((m) =>
      m[1]!.includes('/api/notes/changes?limit=100'),
    );
    expect(shell).toBeDefined();
    expect(policy).toContain(`'sha256-${createHash('sha256').update(shell![1]!).digest('base64')}'`);
    for (const visitor of [await s.api('GET', '/notes'), await s.api('GET', '/blog')])
      expect(visitor.body).toMatch(/^<!DOCTYPE html><html lang="en">/);
  });

  it('renders the owner’s first page once after a start, so the first visit does not wait for the renderer', async () => {
    const fresh = await startTestServer({ webDistDir: path.join(copy, 'dist') });
    try {
      expect(rendererLoadsFor(fresh.handle.store)).toBe(0);
      expect(await fresh.handle.warmUp()).toBe(true);
      expect(rendererLoadsFor(fresh.handle.store)).toBe(1);
      // Nothing kept from it: the owner's page is rendered for the request, by the renderer already loaded.
      expect(pageCacheFor(fresh.handle.store).size).toBe(0);
      // A stranger's request first: its Host names nothing in the page (the server's own address until
      // the owner signs in), not the canonical link, not og:url.
      const stranger = await new Promise<string>((resolve, reject) => {
        http
          .get(`${fresh.url}/blog`, { headers: { host: 'attacker.example' } }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
      expect(stranger).not.toContain('attacker.example');
      expect(stranger.match(/<link rel="canonical" href="([^"]+)"/)?.[1]).toBe(`${fresh.url}/blog`);
      expect(stranger.match(/<meta property="og:url" content="([^"]+)"/)?.[1]).toBe(`${fresh.url}/blog`);
      const cookie = await fresh.login();
      const page = await fresh.api('GET', '/notes', { cookie });
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/<html lang="en" data-owner="">/);
      expect(rendererLoadsFor(fresh.handle.store)).toBe(1);
      // Its made-up address is not the site’s: links use the address the owner signed in at.
      const blog: string = (await fresh.api('GET', '/blog')).body;
      expect(blog.match(/<link rel="canonical" href="([^"]+)"/)?.[1]).toBe(`${fresh.url}/blog`);
    } finally {
      await fresh.close();
    }
  });

  it('starts the subscribers list and the screen’s chunks with the page, for the signed-in owner only', async () => {
    const cookie = await s.login();
    const owner = await s.api('GET', '/admin/subscribers', { cookie });
    expect(owner.status).toBe(200);
    // The API client fetches with credentials 'include': the preload must match it to be used.
    expect(owner.headers.get('link')).toBe(
      '</api/admin/subscribers>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    // The server stops at the client-only layout; the screen below it is preloaded all the same.
    const screen = routeChunk('src/routes/_app/admin/subscribers.tsx');
    expect(owner.body).toContain(`<link rel="modulepreload" href="/${screen}"/>`);
    const visitor = await s.api('GET', '/admin/subscribers');
    expect(visitor.headers.get('link')).toBeNull();
    expect(visitor.body).not.toContain(screen);
    // Pages without a preload entry get no header.
    expect((await s.api('GET', '/notes', { cookie })).headers.get('link')).toBeNull();
  });

  it('caches hashed assets for a year, compressed, and 404s missing files without rendering', async () => {
    const manifest = JSON.parse(readFileSync(path.join(copy, 'dist/.vite/manifest.json'), 'utf8'));
    const entry = manifest['src/entry-client.tsx'].file as string;
    const res = await fetch(`${s.url}/${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const missing = await s.api('GET', '/assets/nothing-here.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('Not found');
    expect((await s.api('GET', '/api/nothing')).body).toEqual({ message: 'Not found' });
  });

  it('records a build file once by its path and replays it for any query, holding one copy', async () => {
    const manifest = JSON.parse(readFileSync(path.join(copy, 'dist/.vite/manifest.json'), 'utf8'));
    const entry = manifest['src/entry-client.tsx'].file as string;
    const fastPath = publicFastPathFor(s.handle.store);
    const plain = await fetch(`${s.url}/${entry}`, { headers: { 'accept-encoding': 'br' } });
    const body = Buffer.from(await plain.arrayBuffer());
    const held = fastPath.held;
    for (let v = 0; v < 50; v++)
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await fetch(`${s.url}/${entry}?v=${v}`, { headers: { 'accept-encoding': encoding } });
        expect(res.status).toBe(200);
        if (encoding === 'br') expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
        else await res.arrayBuffer();
      }
    expect(fastPath.held).toEqual(held);
    expect(fastPath.held.bytes).toBeLessThanOrEqual(REPLAY_BUDGET_BYTES);
  });
});

describe('web app serving before a build', () => {
  it('serves a small page when the app is not built', async () => {
    const bare = await startTestServer();
    try {
      const res = await bare.api('GET', '/notes');
      expect(res.status).toBe(200);
      expect(res.body).toContain('The web app is not built yet.');
      expect((await bare.api('GET', '/api/nothing')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
