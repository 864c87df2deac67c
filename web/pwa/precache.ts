/// <reference lib="webworker" />
// The owner's precache: every built file, kept in workbox's precache (its cache name, keys, clean-up on
// activation and the route that answers from it), filled on install from the app pack (web/pwa/app-pack.ts)
// in one request. Only the files this worker's cache does not hold yet are stored: on an update that is what
// changed. A few missing files are fetched one by one; so is everything when the pack cannot be read.
import { PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { APP_PACK_FILE, decodeAppPack } from './app-pack.ts';

declare const self: ServiceWorkerGlobalScope;

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** Up to this many missing files (a small update) are fetched one by one rather than in the whole pack. */
const FETCH_ALONE_AT_MOST = 8;

/** Precaches the build's files on install and answers requests for them from the precache. */
export function precacheApp(manifest: readonly PrecacheEntry[]): void {
  const packUrl = manifest.find((entry) => APP_PACK_FILE.test(entry.url))?.url ?? null;
  const files = manifest.filter((entry) => !APP_PACK_FILE.test(entry.url));
  const controller = new PrecacheController();
  controller.addToCacheList(files);
  self.addEventListener('install', (event) => event.waitUntil(install(controller, files, packUrl)));
  // Removes what the current list no longer has (waits on the event itself).
  self.addEventListener('activate', (event) => void controller.activate(event));
  registerRoute(new PrecacheRoute(controller));
}

interface Missing extends PrecacheEntry {
  cacheKey: string;
}

async function install(
  controller: PrecacheController,
  files: readonly PrecacheEntry[],
  packUrl: string | null,
): Promise<void> {
  const cache = await self.caches.open(controller.strategy.cacheName);
  const held = new Set((await cache.keys()).map((request) => request.url));
  const missing: Missing[] = [];
  for (const file of files) {
    const cacheKey = controller.getCacheKeyForURL(file.url);
    if (!cacheKey) throw new Error(`No precache key for ${file.url}.`);
    if (!held.has(cacheKey)) missing.push({ ...file, cacheKey });
  }
  if (missing.length === 0) return;
  if (packUrl && missing.length > FETCH_ALONE_AT_MOST) {
    try {
      await storeFromPack(cache, packUrl, missing);
      return;
    } catch (error) {
      console.warn('The app pack could not be read; fetching the files one by one.', error);
    }
  }
  // One at a time, as workbox does: a phone on a slow link gets each file whole before the next starts.
  for (const file of missing) await storeAlone(cache, file);
}

async function storeFromPack(cache: Cache, packUrl: string, missing: readonly Missing[]): Promise<void> {
  const response = await fetch(new URL(packUrl, self.location.href), { credentials: 'same-origin' });
  if (response.status !== 200) throw new Error(`The app pack answered ${response.status}.`);
  const packed = decodeAppPack(await response.arrayBuffer());
  // Every file is checked before any is stored: a pack from another build stores nothing.
  const entries = missing.map((file) => {
    const found = packed.get(file.url);
    if (!found) throw new Error(`The app pack has no ${file.url}.`);
    return { file, found };
  });
  await Promise.all(
    entries.map(({ file, found }) =>
      cache.put(file.cacheKey, new Response(found.bytes, { headers: { 'Content-Type': found.type } })),
    ),
  );
}

async function storeAlone(cache: Cache, file: Missing): Promise<void> {
  // A file without a hash in its name (revision set) skips the HTTP cache, which may hold an older copy.
  const response = await fetch(new URL(file.url, self.location.href), {
    credentials: 'same-origin',
    cache: file.revision ? 'reload' : 'default',
  });
  if (response.status !== 200 || response.redirected)
    throw new Error(`Could not precache ${file.url}: the server answered ${response.status}.`);
  await cache.put(file.cacheKey, response);
}
