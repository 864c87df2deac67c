// A new device's first sync against a slow server (each page of the changes feed held back until the test lets
// it go): placeholder cards and "Loading your notes…" before the first page, "Loading your notes… N of M" with
// the first notes on screen while the rest comes, and never "No notes yet" or "All changes synced" before the
// list has every note. On a desktop and on a 390 px phone.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** More than the first page of a first sync (100), so a second page follows it. */
const NOTES = 130;

async function resetServerNotes(page: Page): Promise<void> {
  const response = await page.request.get('/api/notes');
  for (const note of (await response.json()) as Array<{ id: number }>)
    await page.request.delete(`/api/notes/${note.id}`);
  for (let i = 0; i < NOTES; i++) {
    const created = await page.request.post('/api/notes', {
      data: { title: `Streamed note ${i}`, content: `Arrived in the first sync, number ${i}.`, tags: [] },
    });
    expect(created.status()).toBe(201);
  }
}

/** Holds every changes-feed answer until `release()` lets the oldest one through. */
async function holdFeed(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => url.pathname === '/api/notes/changes',
    (route) => (holding ? held.push(route) : route.continue()),
  );
  return {
    async release() {
      await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await held.shift()!.continue();
    },
    async releaseAll() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Fails the test if the screen ever says there are no notes, or that all is synced before the list is whole. */
async function watchForLies(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __lies: string[] };
    w.__lies = [];
    new MutationObserver(() => {
      const text = document.body?.innerText ?? '';
      if (/No notes yet|Create your first note/.test(text)) w.__lies.push('empty state');
      const listed = document.querySelector('[data-testid="note-count"]')?.textContent;
      const loading = document.querySelector('[data-testid="first-sync-progress"]');
      if (text.includes('All changes synced') && (loading || listed !== '130 notes'))
        w.__lies.push(`synced while the list shows ${listed}`);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return async () => page.evaluate(() => (window as unknown as { __lies: string[] }).__lies);
}

async function firstSyncStates(page: Page) {
  const lies = await watchForLies(page);
  const feed = await holdFeed(page);
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();

  // Before the first page: the spec's placeholder cards, and what is happening, politely announced.
  const progress = page.getByRole('status').filter({ hasText: 'Loading your notes…' });
  await expect(progress).toHaveText('Loading your notes…');
  await expect(progress).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('notes-loading')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText('Syncing...');
  // Not a false "0 notes" either: the count waits for notes.
  await expect(page.getByTestId('note-count')).toHaveCount(0);

  // The first page: its notes on screen, counted against the server's total; the rest still on its way.
  await feed.release();
  await expect(progress).toHaveText(`Loading your notes… 100 of ${NOTES}`);
  await expect(page.getByTestId('note-card').first()).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText('Syncing...');

  await feed.releaseAll();
  await expect(page.getByTestId('note-count')).toHaveText(`${NOTES} notes`, { timeout: 20_000 });
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 20_000 });
  expect(await lies()).toEqual([]);
}

// The feed is held by page.route, which does not see requests the service worker makes: once the worker took
// control mid-test (it registers after the first screen), a later page slipped past the hold.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await resetServerNotes(page);
});

test('a new device says how far its first sync has got, never that there are no notes', async ({ page }) => {
  test.setTimeout(90_000);
  await firstSyncStates(page);
});

test('the same on a 390 px phone, and nothing wider than the screen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await firstSyncStates(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
