// A new device's first screen from the page's own early request (web/src/db/first-page-script.ts): the page's
// shell asks for the feed's first page while the app's scripts load, the screen shows those notes, and the sync
// engine stores that same answer and asks only for the rest: the first page is asked for once, by the document
// itself, and the list ends with every note once. An early answer that failed is asked for again by the engine.
// Never "No notes yet" or an early "All changes synced". On a desktop and on a 390 px phone.
import type { CDPSession, Page, Route } from '@playwright/test';
import { NOTES, resetServerNotes, watchForLies } from './first-sync-helpers.ts';
import { expect, test } from './fixtures.ts';

interface FeedRequest {
  search: string;
  /** The script that asked: the document's address for its inline script, a build file for the app's code. */
  by: string;
}

/** Every request for the changes feed, with the script that made it (from the browser's own network log). */
async function recordFeedRequests(page: Page): Promise<FeedRequest[]> {
  const seen: FeedRequest[] = [];
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (url.pathname !== '/api/notes/changes') return;
    const frames = event.initiator.stack?.callFrames ?? [];
    seen.push({ search: url.search, by: frames[0]?.url ?? event.initiator.url ?? '' });
  });
  return seen;
}

/** Holds the feed's later pages (those asked for from a cursor) until `release()`. */
async function holdLaterPages(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => url.pathname === '/api/notes/changes' && url.searchParams.has('since'),
    (route) => (holding ? held.push(route) : route.continue()),
  );
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  };
}

async function earlyFirstScreen(page: Page) {
  const lies = await watchForLies(page);
  const feed = await recordFeedRequests(page);
  const release = await holdLaterPages(page);
  await page.goto('/notes');
  const documentUrl = page.url();

  // The first page's notes on screen while the rest is held back, the screen honest about it.
  const firstCard = page.getByTestId('note-card').first();
  await expect(firstCard).toBeVisible();
  // The newest of the feed's first page (its 100 oldest changes): the later pages are held back.
  const title = (await firstCard.textContent()) ?? '';
  expect(Number(/Streamed note (\d+)/.exec(title)?.[1])).toBeLessThan(100);
  await expect(page.getByRole('status').filter({ hasText: 'Loading your notes…' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).not.toHaveText('All changes synced');
  // Asked for once, by the page's own script, before the app ran; the engine went on from its cursor.
  await expect.poll(() => feed.filter((r) => r.search.includes('since')).length).toBeGreaterThan(0);
  const firstPages = feed.filter((r) => !r.search.includes('since'));
  expect(firstPages).toEqual([{ search: '?limit=100', by: documentUrl }]);

  await release();
  await expect(page.getByTestId('note-count')).toHaveText(`${NOTES} notes`, { timeout: 20_000 });
  await expect(page.getByTestId('first-sync-progress')).toHaveCount(0);
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 20_000 });
  // Still the one first page: nothing asked twice, nothing listed twice (the count is the database's notes).
  expect(feed.filter((r) => !r.search.includes('since'))).toHaveLength(1);
  expect(await lies()).toEqual([]);
}

// page.route does not see requests a service worker makes; the worker registers after the first screen.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await resetServerNotes(page);
});

test('a new device shows the first page its own page asked for, then every note once', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await earlyFirstScreen(page);
  // The owner's mark on <html> and the rows shown before the engine hydrate without a complaint from React.
  // (Blocking service workers makes the worker's registration fail: that is the test's doing, not React's.)
  expect(consoleErrors.filter((error) => /react|hydrat/i.test(error))).toEqual([]);
});

test('the same on a 390 px phone, and nothing wider than the screen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await earlyFirstScreen(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an early request that failed is asked again by the sync engine, and every note arrives once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lies = await watchForLies(page);
  const feed = await recordFeedRequests(page);
  let failed = 0;
  // The page's own request (the first one) fails on the server's side.
  await page.route(
    (url) => url.pathname === '/api/notes/changes',
    (route) =>
      failed++ === 0
        ? route.fulfill({ status: 500, json: { message: 'Internal server error' } })
        : route.continue(),
  );
  await page.goto('/notes');
  const documentUrl = page.url();
  await expect(page.getByTestId('note-count')).toHaveText(`${NOTES} notes`, { timeout: 20_000 });
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 20_000 });
  const firstPages = feed.filter((r) => !r.search.includes('since'));
  expect(firstPages).toHaveLength(2);
  expect(firstPages[0]?.by).toBe(documentUrl);
  expect(firstPages[1]?.by).toMatch(/\/assets\/.+\.js$/);
  expect(await lies()).toEqual([]);
});

test('a signed-out visitor’s page asks for nothing early', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const feed = await recordFeedRequests(page);
  await page.goto('/notes');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(feed).toEqual([]);
  await context.close();
});
