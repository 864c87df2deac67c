// The owner's service worker installs the whole app from the app pack (web/pwa/app-pack.ts, precache.ts): one
// request for the build files on a first install, every file of its list in the precache with the network's
// bytes, and on an update only what the precache lacks (a few files one by one, many from the pack, each file
// alone when the pack cannot be read).
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './attachment-helpers.ts';
import { expect, test } from './fixtures.ts';

/** The precache list compiled into /sw.js, as site paths. */
async function precacheList(page: Page): Promise<{ pack: string; files: string[] }> {
  const script = await (await page.request.get('/sw.js')).text();
  const urls = [...script.matchAll(/"url":"([^"]+)"/g)].map((match) => `/${match[1]}`);
  const pack = urls.filter((url) => /\/app-pack-[0-9a-f]+\.pack$/.test(url));
  expect(pack).toHaveLength(1);
  return { pack: pack[0]!, files: urls.filter((url) => url !== pack[0]).sort() };
}

/** The precache's entries (paths, without workbox's revision parameter). */
function precached(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
    if (!name) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname).sort();
  });
}

/** Removes these entries from the precache, as if an update had changed them. */
function forget(page: Page, paths: string[]): Promise<void> {
  return page.evaluate(async (paths) => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'))!;
    const cache = await caches.open(name);
    for (const request of await cache.keys())
      if (paths.includes(new URL(request.url).pathname)) await cache.delete(request);
  }, paths);
}

/** Registers the worker under another address (a deploy, as the browser sees it) and waits for it to install. */
async function deploy(page: Page, version: string): Promise<void> {
  const script = `/sw.js?deploy=${version}`;
  await page.evaluate((url) => navigator.serviceWorker.register(url, { scope: '/' }), script);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
          return waiting
            ? `${new URL(waiting.scriptURL).pathname}${new URL(waiting.scriptURL).search} ${waiting.state}`
            : '';
        }),
      { timeout: 20_000 },
    )
    .toBe(`${script} installed`);
}

test('the app installs from one pack, and an update fetches only what the precache lacks', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(60_000);
  // Build files the service worker itself asked the server for.
  let fetched: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (
      request.serviceWorker() &&
      (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/'))
    )
      fetched.push(url.pathname);
  });
  await signIn();
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await waitForServiceWorker(page);
  const { pack, files } = await precacheList(page);
  expect(files.length).toBeGreaterThan(50);

  // First install: the pack, and no build file on its own; every listed file is precached.
  expect(fetched).toEqual([pack]);
  expect(await precached(page)).toEqual(files);
  // …with the bytes and type the server gives.
  const script = files.find((file) => /\/entry-client-[^/]+\.js$/.test(file))!;
  const copy = await page.evaluate(async (url) => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'))!;
    const saved = (await (await caches.open(name)).match(url))!;
    const network = await fetch(url, { cache: 'no-store' });
    return {
      type: saved.headers.get('content-type'),
      same: (await saved.text()) === (await network.text()),
    };
  }, script);
  expect(copy).toEqual({ type: 'text/javascript; charset=utf-8', same: true });

  // A small update: three files changed, fetched one by one.
  const few = files.filter((file) => file.endsWith('.js')).slice(0, 3);
  await forget(page, few);
  fetched = [];
  await deploy(page, '2');
  expect(await precached(page)).toEqual(files);
  expect(fetched.sort()).toEqual(few);

  // A large one: the pack again, nothing on its own.
  const many = files.filter((file) => file.endsWith('.js')).slice(3, 33);
  await forget(page, many);
  fetched = [];
  await deploy(page, '3');
  expect(fetched).toEqual([pack]);
  expect(await precached(page)).toEqual(files);

  // A pack that cannot be read (gone from the server): every missing file one by one, none lost.
  await context.route(`**${pack}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const unpacked = files.filter((file) => file.endsWith('.js')).slice(33, 45);
  await forget(page, unpacked);
  fetched = [];
  await deploy(page, '4');
  expect(fetched.filter((file) => file !== pack).sort()).toEqual(unpacked);
  expect(await precached(page)).toEqual(files);
});
