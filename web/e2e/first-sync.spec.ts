// A new device's first sync against a slow server (each page of the changes feed held back until the test lets
// it go): placeholder cards and "Loading your notes…" before the first page, "Loading your notes… N of M" with
// the first notes on screen while the rest comes, and never "No notes yet" or "All changes synced" before the
// list has every note. On a desktop and on a 390 px phone.
import type { Page, Route } from '@playwright/test';
import { NOTES, resetServerNotes, watchForLies } from './first-sync-helpers.ts';
import { expect, test } from './fixtures.ts';

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
