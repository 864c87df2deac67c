// Public pages register the service worker in reader mode, so a visitor keeps the blog home and the posts
// they read for offline reading (docs/decisions/readers-offline.md). Plain `navigator.serviceWorker`, not
// workbox-window: this runs on every public page, inside the /blog JavaScript budget.

/** The worker a visitor gets: it precaches nothing and stores only what the server marks public. */
export const READER_SERVICE_WORKER = '/sw.js?mode=reader';

let started = false;

/**
 * After the page has loaded (never competing with it), and only when this site has no worker yet: the
 * owner's screens register the full worker (register-service-worker.ts), which replaces a reader's and must
 * not be swapped back by the next public page.
 */
export function registerReaderServiceWorker(): void {
  if (started || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () => {
    navigator.serviceWorker
      .getRegistration('/')
      .then((existing) => existing ?? navigator.serviceWorker.register(READER_SERVICE_WORKER, { scope: '/' }))
      .catch(() => {
        // No worker (private browsing, storage refused): the pages still work online.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
