/// <reference lib="webworker" />
// The service worker: precaches the built app (JS, CSS, icons, manifest) so it opens without a connection;
// pages are network-first with the same page from cache when offline (public pages are server-rendered, so they
// never get a client-only shell instead); public blog reads are stale-while-revalidate; every other /api answer
// goes to the network only and is never stored (private data stays out of Cache Storage).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const PAGES_CACHE = 'pn-pages';
const BLOG_API_CACHE = 'pn-public-blog-api';
/** The owner's screens: rendered in the browser, so any cached copy of their page works offline. */
const PRIVATE_PATHS = ['/notes', '/ai-explanations', '/settings', '/blog/admin', '/admin'];
const PRIVATE_SHELL = '/notes';

precacheAndRoute(self.__WB_MANIFEST);
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

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isPublicBlogRead(url),
  new StaleWhileRevalidate({
    cacheName: BLOG_API_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// Everything else under /api (notes, settings, AI, admin, user): network only, never cached.
for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
  registerRoute(({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/'), new NetworkOnly(), method);
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: 5,
  matchOptions: { ignoreSearch: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600 }),
  ],
});

const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | Private Notes</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.6}</style>
</head><body><h1>You are offline</h1><p>This page has not been saved for offline reading yet.
Your notes are still here: <a href="/notes">open My Notes</a>.</p></body></html>`;

registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      const url = new URL(options.request.url);
      if (isPrivatePage(url.pathname)) {
        const shell = await caches.match(PRIVATE_SHELL, { cacheName: PAGES_CACHE, ignoreSearch: true });
        if (shell) return shell;
      }
      return new Response(OFFLINE_PAGE, {
        status: 503,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    }
  }),
);

// Keep a copy of the owner's screen from the first install, so the notes open offline even if /notes itself
// was never the page the owner landed on. Best effort: signed out, it simply is not stored.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const response = await fetch(PRIVATE_SHELL, { credentials: 'include' });
        if (response.ok && !response.redirected)
          await (await caches.open(PAGES_CACHE)).put(PRIVATE_SHELL, response);
      } catch {
        // Offline during install: the page gets cached on the next visit instead.
      }
    })(),
  );
});

// The page asks for the waiting version to take over after the owner chose 'Reload' in the update prompt.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
