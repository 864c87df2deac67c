// Serves the web app: build files from memory with their build-time brotli and gzip forms (hashed ones
// cached for a year) and every page GET rendered on the server by web/dist-ssr/entry-server.js, then
// hydrated. Anonymous public pages are cached with their compressed forms until the blog's content changes
// (ETag, revalidate) and replayed by the fast path; anything rendered for the signed-in owner, and the
// owner's screens, are never stored.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicDataClient } from '@private-notes/shared';
import express, {
  type Express,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import type { Deps } from '../deps.ts';
import { CachedAnswer, sendAnswer, writeAnswer } from '../routes/answer-cache.ts';
import { publicFastPathFor } from '../routes/public-fast-path.ts';
import type { Store } from '../storage/index.ts';
import { newScriptNonce, takeMarkedScripts } from './inline-scripts.ts';
import { PageCache } from './page-cache.ts';
import { pageAddress } from './page-query.ts';
import { privatePreloadLinks } from './private-preloads.ts';
import { SingleFlight } from './single-flight.ts';
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

/** The page the warm-up renders: the owner's first screen. Its origin is never shown to anyone. */
const WARM_UP_PAGE = 'http://localhost/notes';

export const PUBLIC_PAGE_CACHE = 'public, max-age=0, must-revalidate';
export const PRIVATE_PAGE_CACHE = 'private, no-store';

/** What web/dist-ssr/entry-server.js exports (see web/src/entry-server.tsx). */
interface SsrEntry {
  renderPage(options: {
    request: Request;
    data: PublicDataClient;
    manifest: unknown;
    scriptNonce: string;
  }): Promise<{ response: Response; isPrivate: boolean }>;
  buildRouterManifest(viteManifest: unknown, publicManifest: unknown): unknown;
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

function toFetchRequest(req: ExpressRequest, signal: AbortSignal, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(url, { method: 'GET', headers, signal });
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
  /** Hashes of the inline scripts the renderer wrote (pages/inline-scripts.ts). */
  scriptSources: string;
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
  allowInlineScripts(res, page.scriptSources);
  // res.send adds the ETag and answers 304 when the browser's copy is current.
  res.send(page.html);
}

/** As res.send would label it: HTML is UTF-8. */
function withCharset(contentType: string): string {
  return /;\s*charset=/i.test(contentType) ? contentType : `${contentType}; charset=utf-8`;
}

/** What a render gave: a redirect, or a page (`cached` when it is public and was cached). */
type Rendered = { request: ExpressRequest; cached: CachedPage | null } & (
  | { redirect: { status: number; location: string }; page?: undefined }
  | { page: RenderedPage; redirect?: undefined }
);

const pageRenders = new WeakMap<Store, SingleFlight<Rendered>>();

/** The page renders under way in the app over `store` (one per app; tests read how many were started). */
export function pageRendersFor(store: Store): SingleFlight<Rendered> {
  let renders = pageRenders.get(store);
  if (!renders) {
    renders = new SingleFlight<Rendered>();
    pageRenders.set(store, renders);
  }
  return renders;
}

const pageCaches = new WeakMap<Store, PageCache<CachedPage>>();

/** The rendered public pages of the app over `store` (one per app; tests read its size). */
export function pageCacheFor(store: Store): PageCache<CachedPage> {
  let cache = pageCaches.get(store);
  if (!cache) {
    cache = new PageCache<CachedPage>();
    pageCaches.set(store, cache);
  }
  return cache;
}

const rendererLoads = new WeakMap<Store, number>();

/** How many times the app over `store` loaded the server renderer (tests: once, at the warm-up). */
export function rendererLoadsFor(store: Store): number {
  return rendererLoads.get(store) ?? 0;
}

/**
 * Renders a page once, in the background, and forgets it; resolves true once done (false without a build, or
 * when the render failed: the first visitor's request then meets the same error and reports it).
 */
export type WarmUpPages = () => Promise<boolean>;

/** Serves the web app; returns the warm-up the server runs once it listens. */
export function mountWebApp(app: Express, { config, auth, services, store, siteOrigin }: Deps): WarmUpPages {
  const dist = config.webDistDir;
  const ssrEntryFile = path.join(path.dirname(dist), 'dist-ssr', 'entry-server.js');
  const viteManifestFile = path.join(dist, '.vite', 'manifest.json');
  // The public pages' build (islands: docs/decisions/public-islands.md).
  const publicManifestFile = path.join(dist, '.vite', 'public-manifest.json');

  if (!existsSync(ssrEntryFile) || !existsSync(viteManifestFile) || !existsSync(publicManifestFile)) {
    app.get('/{*splat}', (req, res, next) => {
      if (isApi(req.path)) return next();
      res.status(200).type('html').set('Cache-Control', 'no-cache').send(NOT_BUILT_PAGE);
    });
    return async () => false;
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

  const pages = pageCacheFor(store);
  const version = () => services.blog.contentVersion();
  async function sendCachedPage(
    req: ExpressRequest,
    res: ExpressResponse,
    page: CachedPage,
    address: string,
  ): Promise<void> {
    allowInlineScripts(res, page.scriptSources);
    await page.answer.prepare();
    // The fast path replays by exact URL: an address with parameters no page reads is answered from the
    // page cache, never recorded, so varying them cannot crowd the replayed pages out.
    if (address === req.originalUrl) fastPath.remember(req, res, page.answer, { version });
    await sendAnswer(req, res, page.answer);
  }
  let renderer: Promise<Renderer> | null = null;
  const loadRenderer = (): Promise<Renderer> => {
    renderer ??= (async () => {
      rendererLoads.set(store, rendererLoadsFor(store) + 1);
      const entry = (await import(pathToFileURL(ssrEntryFile).href)) as SsrEntry;
      const manifest = entry.buildRouterManifest(
        JSON.parse(readFileSync(viteManifestFile, 'utf8')),
        JSON.parse(readFileSync(publicManifestFile, 'utf8')),
      );
      return { entry, manifest };
    })();
    return renderer;
  };

  const renders = pageRendersFor(store);
  /** Renders a page; a public one for anonymous visitors is cached (and its compressed forms made) here. */
  async function renderFor(
    req: ExpressRequest,
    url: string,
    user: ReturnType<Deps['auth']['getUser']>,
    pageVersion: number,
    signal: AbortSignal,
  ): Promise<Rendered> {
    const { entry, manifest } = await loadRenderer();
    // The page's inline scripts (theme before paint, hydration data) are allowed by their hashes rather
    // than a per-response nonce, so the same page has the same bytes: ETags work and a 304 never pairs a
    // cached page with a policy naming another nonce. Only the scripts the renderer marked are hashed.
    const scriptNonce = newScriptNonce();
    const { response, isPrivate } = await entry.renderPage({
      request: toFetchRequest(req, signal, url),
      data: createSsrDataClient(services, user),
      manifest,
      scriptNonce,
    });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('Location') ?? '/';
      return { request: req, redirect: { status: response.status, location }, cached: null };
    }
    const page: RenderedPage = {
      status: response.status,
      contentType: response.headers.get('Content-Type') ?? 'text/html; charset=utf-8',
      ...takeMarkedScripts(await response.text(), scriptNonce),
    };
    if (isPrivate || user || page.status >= 500) return { request: req, page, cached: null };
    const answer = new CachedAnswer(page.html, withCharset(page.contentType), PUBLIC_PAGE_CACHE, {
      status: page.status,
      version: pageVersion,
    });
    const cached: CachedPage = { answer, scriptSources: page.scriptSources };
    pages.set(pageVersion, url, cached);
    await answer.prepare();
    return { request: req, page, cached };
  }

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
    // The page's absolute address (canonical and Open Graph URLs are built from it): the site's origin,
    // whatever Host the visitor sent (http/site-origin.ts).
    // Parameters no page reads are dropped (pages/page-query.ts): one render and one cached copy per page.
    const address = pageAddress(req.originalUrl);
    const url = `${siteOrigin.of(req)}${address}`;
    const cached = user ? undefined : pages.get(pageVersion, url);
    if (cached) {
      await sendCachedPage(req, res, cached, address);
      return;
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    try {
      const render = (signal: AbortSignal) => renderFor(req, url, user, pageVersion, signal);
      let rendered: Rendered;
      if (user) rendered = await render(abort.signal);
      else {
        // Anonymous visitors asking for the same page at once share one render (pages/single-flight.ts).
        rendered = await renders.run(`${pageVersion}\0${url}`, abort.signal, render);
        // Only a cacheable page is shared: anything else was rendered from another request's headers.
        if (!rendered.cached && rendered.request !== req) rendered = await render(abort.signal);
      }
      if (rendered.cached) {
        await sendCachedPage(req, res, rendered.cached, address);
        return;
      }
      if (rendered.redirect) {
        res.set('Cache-Control', PRIVATE_PAGE_CACHE);
        res.redirect(rendered.redirect.status, rendered.redirect.location);
        return;
      }
      const { page } = rendered;
      const preload = user && page.status === 200 ? privatePreloadLinks(req.path) : null;
      if (preload) res.append('Link', preload);
      sendPage(res, page, PRIVATE_PAGE_CACHE);
    } catch (error) {
      if (abort.signal.aborted) return;
      console.error('Page rendering failed:', error);
      if (!res.headersSent) res.status(500).type('html').set('Cache-Control', 'no-store').send(ERROR_PAGE);
    }
  });

  // The first page rendered after a start took 100-140 ms more than the next ones (the renderer's bundle loaded
  // and compiled, the rendering code run for the first time): a new device's first visit paid it on top of its
  // own. The server renders the owner's notes page once, right after it starts listening, and sends it nowhere;
  // the render is for the owner (their screen's preloads included) through the services, not over HTTP, so it
  // is in no log and does not pin the site's origin (http/site-origin.ts), and a private page is never stored.
  return async () => {
    try {
      const { entry, manifest } = await loadRenderer();
      const [owner] = store.all('users');
      const scriptNonce = newScriptNonce();
      const { response } = await entry.renderPage({
        request: new Request(WARM_UP_PAGE),
        data: createSsrDataClient(services, owner ? { id: owner.id, username: owner.username } : null),
        manifest,
        scriptNonce,
      });
      takeMarkedScripts(await response.text(), scriptNonce);
      return true;
    } catch {
      return false;
    }
  };
}
