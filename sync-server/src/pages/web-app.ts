// Serves the web app: build files from memory with their build-time brotli and gzip forms (hashed ones
// cached for a year) and every page GET rendered on the server by web/dist-ssr/entry-server.js, then
// hydrated. Anonymous public pages are cached with their compressed forms until the blog's content changes
// (ETag, revalidate) and replayed by the fast path; anything rendered for the signed-in owner, and the
// owner's screens, are never stored.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicDataClient } from '@private-notes/shared';
import express, {
  type Express,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import type { Deps } from '../app.ts';
import { CachedAnswer, sendAnswer, writeAnswer } from '../routes/answer-cache.ts';
import { publicFastPathFor } from '../routes/public-fast-path.ts';
import { PageCache } from './page-cache.ts';
import { privatePreloadLinks } from './private-preloads.ts';
import { createSsrDataClient } from './ssr-data-client.ts';
import { isHashed, StaticFiles } from './static-files.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Private Notes</title></head>
<body><main><h1>Private Notes</h1>
<p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it first), then reload.</p>
<p>The API is available under <code>/api</code>.</p></main></body></html>`;

const ERROR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Something went wrong | Private Notes</title></head>
<body><main><h1>Something went wrong</h1><p>The page could not be shown. Please try again.</p></main></body></html>`;

export const PUBLIC_PAGE_CACHE = 'public, max-age=0, must-revalidate';
export const PRIVATE_PAGE_CACHE = 'private, no-store';

/** What web/dist-ssr/entry-server.js exports (see web/src/entry-server.tsx). */
interface SsrEntry {
  renderPage(options: {
    request: Request;
    data: PublicDataClient;
    manifest: unknown;
  }): Promise<{ response: Response; isPrivate: boolean }>;
  buildRouterManifest(viteManifest: unknown): unknown;
}

interface Renderer {
  entry: SsrEntry;
  manifest: unknown;
}

function isApi(p: string): boolean {
  return p === '/api' || p.startsWith('/api/');
}

/** Build files and root-level files (/favicon.ico, /sw.js): a missing one is a plain 404, not a page. */
function isFileRequest(p: string): boolean {
  return p.startsWith('/assets/') || /^\/[^/]+\.[A-Za-z0-9]+$/.test(p);
}

/**
 * The page's absolute address; canonical and Open Graph URLs are built from it. With PUBLIC_URL set it is
 * the site's canonical origin whatever host name the visitor used; otherwise the address as asked for.
 */
function pageUrl(req: ExpressRequest, publicUrl: string | null): string {
  return `${publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`}${req.originalUrl}`;
}

function toFetchRequest(req: ExpressRequest, signal: AbortSignal, publicUrl: string | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(pageUrl(req, publicUrl), { method: 'GET', headers, signal });
}

/**
 * The page's inline scripts (theme before paint, hydration data) are allowed by their hashes rather than a
 * per-request nonce, so the same page has the same bytes: ETags work and a 304 never pairs a cached page
 * with a policy naming another nonce.
 */
function inlineScriptSources(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const code = match[1] ?? '';
    if (code) hashes.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  }
  return [...hashes].join(' ');
}

function allowInlineScripts(res: ExpressResponse, sources: string): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  const withoutNonce = policy.replace(/\s*'nonce-[^']*'/g, '');
  res.setHeader(
    'Content-Security-Policy',
    sources ? withoutNonce.replace(/script-src([^;]*)/, `script-src$1 ${sources}`) : withoutNonce,
  );
}

interface RenderedPage {
  status: number;
  contentType: string;
  html: string;
}

/** A public page kept for anonymous visitors: its bytes and variants, and its inline scripts' hashes. */
interface CachedPage {
  answer: CachedAnswer;
  scriptSources: string;
}

/** A page rendered for the signed-in owner: never stored, compressed on the fly by the middleware. */
function sendPage(res: ExpressResponse, page: RenderedPage, cacheControl: string): void {
  res.status(page.status);
  res.type(page.contentType);
  res.set('Cache-Control', cacheControl);
  allowInlineScripts(res, inlineScriptSources(page.html));
  // res.send adds the ETag and answers 304 when the browser's copy is current.
  res.send(page.html);
}

/** As res.send would label it: HTML is UTF-8. */
function withCharset(contentType: string): string {
  return /;\s*charset=/i.test(contentType) ? contentType : `${contentType}; charset=utf-8`;
}

export function mountWebApp(app: Express, { config, auth, services, store }: Deps): void {
  const dist = config.webDistDir;
  const ssrEntryFile = path.join(path.dirname(dist), 'dist-ssr', 'entry-server.js');
  const viteManifestFile = path.join(dist, '.vite', 'manifest.json');

  if (!existsSync(ssrEntryFile) || !existsSync(viteManifestFile)) {
    app.get('/{*splat}', (req, res, next) => {
      if (isApi(req.path)) return next();
      res.status(200).type('html').set('Cache-Control', 'no-cache').send(NOT_BUILT_PAGE);
    });
    return;
  }

  const fastPath = publicFastPathFor(store);
  const files = new StaticFiles(dist);
  app.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range !== undefined) return next();
    const file = files.answerFor(req.path);
    if (!file) return next();
    const answer = await file;
    res.setHeader('Accept-Ranges', 'bytes');
    fastPath.remember(req, res, answer, { anyone: true });
    writeAnswer(req, res, answer);
  });
  // Byte ranges, and files added after the start.
  app.use(
    express.static(dist, {
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(dist, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', isHashed(rel) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );

  const pages = new PageCache<CachedPage>();
  const version = () => services.blog.contentVersion();
  async function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage): Promise<void> {
    allowInlineScripts(res, page.scriptSources);
    await page.answer.prepare();
    fastPath.remember(req, res, page.answer, { version });
    await sendAnswer(req, res, page.answer);
  }
  let renderer: Promise<Renderer> | null = null;
  const loadRenderer = (): Promise<Renderer> => {
    renderer ??= (async () => {
      const entry = (await import(pathToFileURL(ssrEntryFile).href)) as SsrEntry;
      const manifest = entry.buildRouterManifest(JSON.parse(readFileSync(viteManifestFile, 'utf8')));
      return { entry, manifest };
    })();
    return renderer;
  };

  app.get('/{*splat}', async (req, res, next) => {
    if (isApi(req.path)) return next();
    if (isFileRequest(req.path)) {
      res.status(404).type('text').set('Cache-Control', 'no-cache').send('Not found');
      return;
    }
    const user = auth.getUser(req);
    res.vary('Cookie');
    // What the page shows: the blog's posts and comments (a note autosave or a sign-in keeps the page).
    const pageVersion = version();
    // Keyed by the whole address: the page embeds its own origin (canonical, Open Graph), so a copy rendered
    // for one host name (a LAN address, say) must never be served to a visitor who used another.
    const url = pageUrl(req, config.mail.publicUrl);
    const cached = user ? undefined : pages.get(pageVersion, url);
    if (cached) {
      await sendCachedPage(req, res, cached);
      return;
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    try {
      const { entry, manifest } = await loadRenderer();
      const { response, isPrivate } = await entry.renderPage({
        request: toFetchRequest(req, abort.signal, config.mail.publicUrl),
        data: createSsrDataClient(services, user),
        manifest,
      });
      if (response.status >= 300 && response.status < 400) {
        res.set('Cache-Control', PRIVATE_PAGE_CACHE);
        res.redirect(response.status, response.headers.get('Location') ?? '/');
        return;
      }
      const page: RenderedPage = {
        status: response.status,
        contentType: response.headers.get('Content-Type') ?? 'text/html; charset=utf-8',
        html: await response.text(),
      };
      const preload = user && page.status === 200 ? privatePreloadLinks(req.path) : null;
      if (preload) res.append('Link', preload);
      if (!isPrivate && !user && page.status < 500) {
        const answer = new CachedAnswer(page.html, withCharset(page.contentType), PUBLIC_PAGE_CACHE, {
          status: page.status,
          version: pageVersion,
        });
        const entry: CachedPage = { answer, scriptSources: inlineScriptSources(page.html) };
        pages.set(pageVersion, url, entry);
        await sendCachedPage(req, res, entry);
        return;
      }
      sendPage(res, page, PRIVATE_PAGE_CACHE);
    } catch (error) {
      if (abort.signal.aborted) return;
      console.error('Page rendering failed:', error);
      if (!res.headersSent) res.status(500).type('html').set('Cache-Control', 'no-store').send(ERROR_PAGE);
    }
  });
}
