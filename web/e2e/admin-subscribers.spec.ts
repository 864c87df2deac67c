// Subscriber administration in real Chromium against the real server: the table, search, status filter,
// empty state with 'Clear filters', the active switch (and its error toast), the unsubscribe confirmation
// (marks inactive, nothing deleted), CSV export, and the skeleton rows. Subscribers are seeded through
// POST /api/subscribe (rate limited to 10 an hour per address, so this file seeds 5 once; other files may add a few)
// and confirmed with the token of their captured confirmation mail (double opt-in); one stays pending.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ownerApi } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';
import { subscribeConfirmed } from './mail-helpers.ts';

test.describe.configure({ mode: 'serial' });

const SEED = [
  { email: 'ada@example.com', name: 'Lovelace, Ada', interests: ['math', 'engines'] },
  { email: 'grace@example.com', name: 'Grace Hopper', interests: ['compilers'] },
  { email: 'linus@example.org', interests: [] },
  { email: 'margaret@example.com', name: 'Margaret Hamilton', interests: ['apollo', 'software'] },
];

function row(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
}

/** Other spec files may have added subscribers to the same server: counts are read from the API. */
async function counts(page: Page): Promise<{ total: number; active: number }> {
  const list = (await (await page.request.get('/api/admin/subscribers')).json()) as { active: boolean }[];
  return { total: list.length, active: list.filter((s) => s.active).length };
}

async function openSubscribers(page: Page) {
  await page.goto('/admin/subscribers');
  await expect(page.getByRole('heading', { name: 'Newsletter Subscribers' })).toBeVisible();
  await expect(page.getByTestId('subscriber-count')).toContainText('Showing');
}

/** Subscribed but never confirmed from the inbox. */
const PENDING = 'pat@example.net';

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const owner = await ownerApi();
  for (const subscriber of SEED) await subscribeConfirmed(request, owner, subscriber);
  expect((await request.post('/api/subscribe', { data: { email: PENDING } })).status()).toBeLessThan(300);
  expect((await request.post('/api/unsubscribe', { data: { email: 'linus@example.org' } })).ok()).toBe(true);
  await request.dispose();
  await owner.dispose();
});

test('the table, search, status filter and empty state', async ({ page, signIn }) => {
  await signIn();
  const { total, active } = await counts(page);
  await openSubscribers(page);
  await expect(page.getByText('Manage subscribers and engagement metrics')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to notes' })).toHaveAttribute('href', '/notes');
  const headers = page.getByRole('columnheader');
  await expect(headers).toHaveText(['Email', 'Name', 'Interests', 'Subscribed On', 'Status', 'Actions']);
  await expect(page.getByTestId('subscriber-count')).toHaveText(`Showing ${total} of ${total} subscribers`);
  await expect(page.getByTestId('active-count')).toHaveText(`${active} active`);
  const ada = row(page, 'ada@example.com');
  await expect(ada.getByRole('cell', { name: 'Lovelace, Ada' })).toBeVisible();
  await expect(ada.getByRole('cell', { name: 'math, engines' })).toBeVisible();
  await expect(ada.getByText('Active', { exact: true })).toBeVisible();
  await expect(row(page, 'linus@example.org').getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(row(page, PENDING).getByText('Pending', { exact: true })).toBeVisible();
  // Only the subscriber's own confirmation turns a pending address on: its switch is off and disabled.
  const pendingSwitch = row(page, PENDING).getByRole('switch', { name: `Active: ${PENDING}` });
  await expect(pendingSwitch).not.toBeChecked();
  await expect(pendingSwitch).toBeDisabled();
  await expect(pendingSwitch).toHaveAccessibleDescription(
    'Waiting for the subscriber to confirm from the e-mail',
  );

  // Search over e-mail, name and interests, case-insensitive.
  const search = page.getByRole('searchbox', { name: 'Search subscribers' });
  await search.fill('HOPPER');
  await expect(page.getByTestId('subscriber-count')).toHaveText(`Showing 1 of ${total} subscribers`);
  await expect(row(page, 'grace@example.com')).toBeVisible();
  await search.fill('apollo');
  await expect(page.getByTestId('subscriber-count')).toHaveText(`Showing 1 of ${total} subscribers`);
  await expect(row(page, 'margaret@example.com')).toBeVisible();
  await search.fill('');

  // Status filter.
  const filter = page.getByRole('combobox', { name: 'Filter subscribers' });
  await expect(filter.locator('option')).toHaveText(['All subscribers', 'Active only', 'Inactive only']);
  await filter.selectOption({ label: 'Inactive only' });
  await expect(page.getByTestId('subscriber-count')).toHaveText(
    `Showing ${total - active} of ${total} subscribers`,
  );
  await expect(row(page, 'linus@example.org')).toBeVisible();
  await filter.selectOption({ label: 'Active only' });
  await expect(page.getByTestId('subscriber-count')).toHaveText(`Showing ${active} of ${total} subscribers`);
  await expect(row(page, 'linus@example.org')).toHaveCount(0);

  // Nothing matches: the empty state offers to clear the filters.
  await search.fill('nobody-at-all');
  await expect(page.getByText('No subscribers found')).toBeVisible();
  await expect(page.getByText('No subscribers match your search or filter.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');
  await expect(filter).toHaveValue('all');
  await expect(page.getByTestId('subscriber-count')).toHaveText(`Showing ${total} of ${total} subscribers`);
});

test('the active switch sends {active} and sticks; a refusal shows the server message', async ({
  page,
  signIn,
}) => {
  await signIn();
  const { active } = await counts(page);
  await openSubscribers(page);
  const grace = row(page, 'grace@example.com');
  const toggle = grace.getByRole('switch', { name: 'Active: grace@example.com' });
  await expect(toggle).toBeChecked();
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/admin/subscribers/'));
  await toggle.click();
  expect((await put).postDataJSON()).toEqual({ active: false });
  await expect(grace.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('active-count')).toHaveText(`${active - 1} active`);
  await page.reload();
  await expect(row(page, 'grace@example.com').getByText('Unsubscribed', { exact: true })).toBeVisible();

  // The server refuses: the switch goes back and the toast carries its message.
  await page.route('**/api/admin/subscribers/*', (route) =>
    route.fulfill({ status: 400, json: { message: 'active: expected boolean' } }),
  );
  const again = row(page, 'grace@example.com');
  await again.getByRole('switch', { name: 'Active: grace@example.com' }).click();
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
  await expect(toast.getByText('Failed to update subscriber')).toBeVisible();
  await expect(toast.getByText('400: active: expected boolean')).toBeVisible();
  await expect(again.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(again.getByRole('switch', { name: 'Active: grace@example.com' })).not.toBeChecked();
  await page.unroute('**/api/admin/subscribers/*');

  await again.getByRole('switch', { name: 'Active: grace@example.com' }).click();
  await expect(again.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('active-count')).toHaveText(`${active} active`);
});

test('the unsubscribe icon asks first, then marks the subscriber inactive', async ({ page, signIn }) => {
  await signIn();
  const { total } = await counts(page);
  await openSubscribers(page);
  const margaret = row(page, 'margaret@example.com');
  await margaret.getByRole('button', { name: 'Unsubscribe margaret@example.com' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsubscribe Contact' });
  await expect(dialog).toContainText('They can resubscribe at any time through the website.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(margaret.getByText('Active', { exact: true })).toBeVisible();

  await margaret.getByRole('button', { name: 'Unsubscribe margaret@example.com' }).click();
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/admin/subscribers/'));
  await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
  expect((await put).postDataJSON()).toEqual({ active: false });
  await expect(margaret.getByText('Unsubscribed', { exact: true })).toBeVisible();
  // Not a delete: still listed after a reload, inactive.
  await page.reload();
  await expect(page.getByTestId('subscriber-count')).toHaveText(`Showing ${total} of ${total} subscribers`);
  await expect(row(page, 'margaret@example.com').getByText('Unsubscribed', { exact: true })).toBeVisible();
});

test('Export CSV downloads the list with quoted cells and a dated name', async ({ page, signIn }) => {
  await signIn();
  const { total } = await counts(page);
  await openSubscribers(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`subscribers_${today}.csv`);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('Email,Name,Interests,Status,Date Subscribed');
  expect(lines).toContain(`ada@example.com,"Lovelace, Ada","math, engines",Active,${today}`);
  expect(lines).toContain(`linus@example.org,,,Inactive,${today}`);
  expect(lines.filter(Boolean)).toHaveLength(total + 1);
});

test('five skeleton rows show while the list loads', async ({ page, signIn }) => {
  await signIn();
  const { total } = await counts(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/subscribers', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/subscribers');
  const loading = page.getByTestId('subscribers-loading');
  await expect(loading.getByRole('row')).toHaveCount(6);
  release();
  await expect(page.getByTestId('subscriber-count')).toHaveText(`Showing ${total} of ${total} subscribers`);
  await expect(loading).toHaveCount(0);
});

test('10,000 subscribers: only the rows in view are rendered, with table semantics kept', async ({
  page,
  signIn,
}) => {
  await signIn();
  const many = Array.from({ length: 10_000 }, (_, i) => ({
    id: i + 1,
    email: `reader${i}@example.com`,
    name: `Reader ${i}`,
    interests: i % 2 ? ['tools'] : ['writing'],
    active: i % 3 !== 0,
    status: i % 3 !== 0 ? 'active' : 'unsubscribed',
    subscribedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  }));
  await page.route('**/api/admin/subscribers', (route) => route.fulfill({ json: many }));
  await page.goto('/admin/subscribers');
  await expect(page.getByTestId('subscriber-count')).toHaveText('Showing 10,000 of 10,000 subscribers');
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '10001');
  const rendered = await page.getByTestId('subscriber-row').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);
  await expect(row(page, 'reader0@example.com')).toHaveAttribute('aria-rowindex', '2');

  // Scrolled to the end, the last subscriber is there with its position in the whole list.
  await page.getByTestId('subscribers-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(row(page, 'reader9999@example.com')).toHaveAttribute('aria-rowindex', '10001');
  await expect(row(page, 'reader0@example.com')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill('reader999');
  await expect(page.getByTestId('subscriber-count')).toHaveText('Showing 11 of 10,000 subscribers');
  await expect(page.getByTestId('subscriber-row')).toHaveCount(11);
});

test('an anonymous visitor is sent to sign in', async ({ page }) => {
  await page.goto('/admin/subscribers');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/admin/subscribers',
  );
});
