/// <reference lib="webworker" />
// The service worker, in two modes (docs/decisions/readers-offline.md):
// - owner (`/sw.js`, registered by the owner's screens): precaches the whole built app so the notes open
//   without a connection, and keeps the owner's screens' pages (client-rendered shells) for offline use;
// - reader (`/sw.js?mode=reader`, registered by public pages when no worker exists yet): precaches nothing,
//   keeps the build files the visitor's pages actually load, and the blog home on install.
// In both, public pages are network-first with the saved copy when offline (marked, so the page says it is a
// saved copy), public blog reads are stale-while-revalidate, and only answers the server marks shareable
// (`Cache-Control: public`) are ever stored: a page rendered for the signed-in owner, a draft, comments with
// e-mails, notes and settings never reach Cache Storage.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { type PrecacheEntry, precacheApp } from './precache.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: PrecacheEntry[];
};

const PAGES_CACHE = 'pn-pages';
const PUBLIC_PAGES_CACHE = 'pn-public-pages';
const BLOG_API_CACHE = 'pn-public-blog-api';
const READER_ASSETS_CACHE = 'pn-reader-assets';
const BLOG_HOME = '/blog';
/** Set on <html> of a page served from the saved copy; the page then shows its offline note. */
const OFFLINE_COPY_ATTRIBUTE = 'data-pn-offline-copy';
const READER = new URL(self.location.href).searchParams.get('mode') === 'reader';
/** The owner's screens: rendered in the browser, so any cached copy of their page works offline. */
const PRIVATE_PATHS = [
  '/notes',
  '/study',
  '/ai-explanations',
  '/settings',
  '/blog/admin',
  '/admin',
  '/trash',
  '/import-export',
];
const PRIVATE_SHELL = '/notes';

// The whole app (editor, notes, admin) is the owner's to keep, installed from the app pack (precache.ts); a
// reader gets only what their pages load.
if (!READER) precacheApp(self.__WB_MANIFEST);
cleanupOutdatedCaches();

function isPrivatePage(pathname: string): boolean {
  return PRIVATE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Published posts, one post, and a tag's posts. Comments are left out: the owner's copy carries e-mails. */
function isPublicBlogRead(url: URL): boolean {
  return (
    url.pathname === '/api/blog' ||
    /^\/api\/blog\/\d+$/.test(url.pathname) ||
    /^\/api\/blog\/tags\/[^/]+$/.test(url.pathname)
  );
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** Only what the server says anyone may keep: anonymous public pages and public blog answers. */
function isShareable(response: Response): boolean {
  const cacheControl = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  return /\bpublic\b/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl);
}

const shareableOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (isShareable(response) ? response : null),
};

/** The saved copy of a page, marked so the page can say it is one (no script: the CSP stays as it was). */
async function markedOfflineCopy(response: Response): Promise<Response> {
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(html.replace(/<html\b/i, `<html ${OFFLINE_COPY_ATTRIBUTE}=""`), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isPublicBlogRead(url),
  new StaleWhileRevalidate({
    cacheName: BLOG_API_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      // The owner's copy of a draft answers 200 too, with no-store.
      shareableOnly,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// Everything else under /api (notes, settings, AI, admin, user): network only, never cached. The live channel
// (/api/live) is left to the browser altogether: a stream held for hours must not depend on this worker's
// lifetime.
for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/') && url.pathname !== '/api/live',
    new NetworkOnly(),
    method,
  );
}

// Reader mode: build files are content-hashed, so a stored copy is good for as long as it is kept.
if (READER) {
  registerRoute(
    ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/assets/'),
    new CacheFirst({
      cacheName: READER_ASSETS_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 24 * 3600 }),
      ],
    }),
  );
}

/** The owner's screens: client-rendered shells holding no data, kept for the owner only. */
const privatePages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: 5,
  matchOptions: { ignoreSearch: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 3600 }),
  ],
});

/** Public pages as an anonymous visitor sees them: the last ones read stay available offline. */
const publicPages = new NetworkFirst({
  cacheName: PUBLIC_PAGES_CACHE,
  networkTimeoutSeconds: 5,
  matchOptions: { ignoreSearch: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    {
      // A page rendered for the signed-in owner is never stored; the copy any visitor gets is, so the owner
      // can read it offline too (fetched again without the session, after this answer).
      cacheWillUpdate: async ({ request, response, event }) => {
        if (isShareable(response)) return response;
        if (response.ok && !response.redirected)
          event?.waitUntil(savePublicPage(new URL(request.url).pathname).catch(() => {}));
        return null;
      },
    },
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 }),
    // Called only when the saved copy is about to answer (the network failed or took too long).
    {
      cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) =>
        cachedResponse ? markedOfflineCopy(cachedResponse) : cachedResponse,
    },
  ],
});

const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | Private Notes</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.6}</style>
</head><body><h1>You are offline</h1><p>This page has not been saved for offline reading yet.
The posts you have read are on <a href="/blog">the blog</a>; the owner's notes open from
<a href="/notes">My Notes</a> on their own devices.</p></body></html>`;

const offlinePage = () =>
  new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });

registerRoute(
  new NavigationRoute(async (options) => {
    const url = new URL(options.request.url);
    if (!isPrivatePage(url.pathname)) {
      try {
        return await publicPages.handle(options);
      } catch {
        return offlinePage();
      }
    }
    // A reader keeps no copy of the owner's screens.
    if (READER) return fetch(options.request).catch(offlinePage);
    try {
      return await privatePages.handle(options);
    } catch {
      const shell = await caches.match(PRIVATE_SHELL, { cacheName: PAGES_CACHE, ignoreSearch: true });
      return shell ?? offlinePage();
    }
  }),
);

/** Stores a public page as an anonymous visitor gets it, and (for a reader) the build files it loads. */
async function savePublicPage(pathname: string): Promise<void> {
  const response = await fetch(pathname, { credentials: 'omit' });
  if (!response.ok || response.redirected || !isShareable(response)) return;
  const html = await response.clone().text();
  await (await caches.open(PUBLIC_PAGES_CACHE)).put(pathname, response);
  if (!READER) return;
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!));
  const cache = await caches.open(READER_ASSETS_CACHE);
  await Promise.all(
    [...assets].map(async (asset) => {
      if (!(await cache.match(asset))) await cache.add(asset);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // Best effort throughout: offline during install, the pages are saved on the next visit instead.
      // The blog home, and the public pages open now (read before this worker existed), as a visitor sees them.
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const publicPaths = new Set([BLOG_HOME]);
      for (const client of open) {
        const url = new URL(client.url);
        if (sameOrigin(url) && !isPrivatePage(url.pathname)) publicPaths.add(url.pathname);
      }
      await Promise.all([...publicPaths].map((pathname) => savePublicPage(pathname).catch(() => {})));
      if (READER) {
        // Nothing a reader has open needs the old version: take over at once.
        await self.skipWaiting();
        return;
      }
      // The owner's screen, so the notes open offline even if /notes was never the page the owner landed on.
      try {
        const response = await fetch(PRIVATE_SHELL, { credentials: 'include' });
        if (response.ok && !response.redirected)
          await (await caches.open(PAGES_CACHE)).put(PRIVATE_SHELL, response);
      } catch {}
      // Replacing a reader's worker: no owner page runs the old one, so no reason to wait for a reload.
      if (self.registration.active?.scriptURL.includes('mode=reader')) await self.skipWaiting();
    })(),
  );
});

// Earlier versions kept every page in one cache, pages rendered for the signed-in owner included: keep only
// the owner's screens there.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES_CACHE);
      for (const request of await cache.keys())
        if (!isPrivatePage(new URL(request.url).pathname) || READER) await cache.delete(request);
    })(),
  );
});

// The page asks for the waiting version to take over after the owner chose 'Reload' in the update prompt.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
