// Offline-first in real Chromium: the service worker opens /notes with no connection, notes created and
// edited offline show at once with 'N changes waiting', the server gets them once back online (within 30 s),
// and repeated offline/online rounds never duplicate a note. Also the installable manifest.
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './attachment-helpers.ts';
import { expect, test } from './fixtures.ts';

interface ServerNote {
  id: number;
  title: string;
  content: string;
}

async function serverNotes(page: Page): Promise<ServerNote[]> {
  const response = await page.request.get('/api/notes');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerNote[];
}

async function newNote(page: Page, title: string, content: string) {
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
}

const status = (page: Page) => page.getByTestId('sync-status');

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
});

test('works offline after a reload, then syncs without duplicates', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await newNote(page, 'Written online', 'first version');
  await expect(status(page)).toHaveText('All changes synced', { timeout: 15_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(status(page)).toContainText('Offline');
  await expect(page.getByTestId('note-card').filter({ hasText: 'Written online' })).toBeVisible();

  await newNote(page, 'Written offline', 'no network here');
  await page
    .getByTestId('note-card')
    .filter({ hasText: 'Written online' })
    .getByRole('button', { name: 'Edit Note' })
    .click();
  await page.getByLabel('Content').fill('second version, offline');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note updated successfully')).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Written offline' })).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: 'second version, offline' })).toBeVisible();
  await expect(status(page)).toContainText('2 changes waiting');

  // The server has not heard of either change.
  expect((await serverNotes(page)).map((n) => `${n.title}|${n.content}`)).toEqual([
    'Written online|first version',
  ]);

  await context.setOffline(false);
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
  const synced = (await serverNotes(page)).map((n) => `${n.title}|${n.content}`).sort();
  expect(synced).toEqual(['Written offline|no network here', 'Written online|second version, offline']);

  // Several offline/online rounds: every note reaches the server exactly once.
  for (let round = 1; round <= 3; round++) {
    await context.setOffline(true);
    await expect(status(page)).toContainText('Offline');
    await newNote(page, `Round ${round}`, `made offline in round ${round}`);
    await context.setOffline(false);
    await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
  }
  const titles = (await serverNotes(page)).map((n) => n.title).sort();
  expect(titles).toEqual(['Round 1', 'Round 2', 'Round 3', 'Written offline', 'Written online']);
  expect(new Set(titles).size).toBe(titles.length);
  await expect(page.getByTestId('note-card')).toHaveCount(5);
});

test('offline after a reload while the browser still claims to be online: "Offline", never "Sync failed"', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto('/notes');
  await waitForServiceWorker(page);
  await newNote(page, 'Before the outage', 'online');
  await expect(status(page)).toHaveText('All changes synced', { timeout: 15_000 });
  // On the server before the outage: the status can still read "All changes synced" in the moment between the
  // save and its push (CI, 2026-11-28: the note then waited after the reload, "Offline · 1 change waiting").
  await expect
    .poll(async () => (await serverNotes(page)).some((n) => n.title === 'Before the outage'), {
      timeout: 15_000,
    })
    .toBe(true);

  // What some Chromium builds do after a reload offline: navigator.onLine says true and no `offline` event
  // comes, while every request fails. Only the requests themselves can tell.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Before the outage' })).toBeVisible();
  await expect(status(page)).toHaveText('Offline', { timeout: 15_000 });
  await newNote(page, 'During the outage', 'still no network');
  await expect(status(page)).toHaveText('Offline · 1 change waiting', { timeout: 15_000 });
  await expect(status(page)).not.toContainText('Sync failed');

  // Back: no `online` event reaches the page (it never heard it was offline); sync finds out by itself.
  await context.setOffline(false);
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
  expect((await serverNotes(page)).map((n) => n.title).sort()).toEqual([
    'Before the outage',
    'During the outage',
  ]);
});

test('the app is installable: manifest with name, icons (maskable too) and a service worker', async ({
  page,
}) => {
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest.name).toBe('Private Notes');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/notes');
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose?: string }) => `${icon.sizes}:${icon.purpose ?? 'any'}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
    const response = await page.request.get(icon.src);
    expect(response.ok(), icon.src).toBe(true);
    expect(response.headers()['content-type']).toContain(icon.type.split('+')[0]);
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  // Private API answers are never stored by the service worker.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.filter((path) => path.startsWith('/api/') && !path.startsWith('/api/blog'))).toEqual([]);
});

test('signing out with unsynced changes warns first', async ({ page, context }) => {
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(status(page)).toHaveText('All changes synced', { timeout: 15_000 });
  // Offline, the editor's files come from the service worker's cache: on a loaded machine it may still be
  // filling it when the first sync is done (CI timed out on the Title field twice before a retry passed).
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(status(page)).toContainText('Offline');
  await newNote(page, 'Not yet synced', 'waiting for the network');
  await expect(status(page)).toContainText('1 change waiting');
  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: /^Logout/ }).click();
  await expect.poll(() => messages).toHaveLength(1);
  expect(messages[0]).toContain('1 change has not been synced yet');
  // Staying signed in: the note and the notes screen are still there.
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Not yet synced' })).toBeVisible();
  await context.setOffline(false);
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
});

test('offline, a public page opens from its own cached copy, never the private app shell', async ({
  page,
  context,
}) => {
  await page.goto('/notes');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  // The worker stores the page after answering it: going offline before that finds no copy (seen under load).
  await expect
    .poll(() => page.evaluate(async () => (await caches.match('/privacy-policy')) !== undefined), {
      timeout: 10_000,
    })
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByText('Last updated April 12, 2025')).toBeVisible();
  // A public page never visited online: an honest offline page, not the notes screen.
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toHaveCount(0);
  await context.setOffline(false);
});

test("a new service worker version shows 'A new version is available.' and Reload switches to it", async ({
  page,
}) => {
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  // A deploy, as the browser sees it: the worker script behind the registration changes.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?deploy=2', { scope: '/' }));
  await expect(page.getByText('A new version is available.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(
    (old) =>
      navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.scriptURL !== old,
    before,
    { timeout: 20_000 },
  );
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
});
