// Double opt-in in a real browser against the real server in capture mode: subscribe on /blog (pending,
// the thank-you asks to confirm), open the link from the captured confirmation mail (the page's GET changes
// nothing), confirm (active, a second use is harmless), and the owner's subscribers screen says Active.
import { type APIRequestContext, expect } from '@playwright/test';
import { hydrated, ownerApi, uniqueWord } from './blog-helpers.ts';
import { test } from './fixtures.ts';
import { linkIn, subscriberStatus, waitForMail } from './mail-helpers.ts';

let owner: APIRequestContext;
test.beforeAll(async () => {
  owner = await ownerApi();
});
test.afterAll(async () => {
  await owner.dispose();
});

test('subscribe → open the confirmation link → confirm → active in the admin', async ({
  page,
  browser,
  signIn,
  consoleErrors,
}) => {
  const email = `${uniqueWord('optin')}@example.com`;
  await page.goto('/blog');
  await hydrated(page);
  const block = page.getByRole('region', { name: 'Subscribe to the Newsletter' });
  await block.getByLabel('Email address').fill(email);
  await block.getByRole('button', { name: 'Subscribe' }).click();
  const thanks = block.getByRole('status');
  await expect(thanks).toContainText('Check your inbox');
  await expect(thanks).toContainText(
    `Almost there: we sent a confirmation link to ${email}. Open it to start receiving new posts.`,
  );
  expect(await subscriberStatus(owner, email)).toBe('pending');

  const mail = await waitForMail(owner, email, 'confirmation');
  const link = linkIn(mail, '/subscribe/confirm');
  // The link points at this server (PUBLIC_URL) and opens the page; looking at it changes nothing.
  await page.goto(`${link.pathname}${link.search}`);
  await hydrated(page);
  await expect(page).toHaveTitle('Confirm your subscription | Private Notes');
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  expect(await subscriberStatus(owner, email)).toBe('pending');
  // Server-rendered and hydrated without a mismatch.
  expect(consoleErrors).toEqual([]);

  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your subscription is confirmed.');
  expect(await subscriberStatus(owner, email)).toBe('active');

  // A second use (a reader clicking the mail twice) is harmless.
  await page.reload();
  await hydrated(page);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();

  // The owner sees the subscriber as Active.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin);
  await admin.goto('/admin/subscribers');
  await admin.getByRole('searchbox', { name: 'Search subscribers' }).fill(email);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: email, exact: true }) });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await context.close();
});

test('a bad or missing token says so and offers no button that could work', async ({ page }) => {
  await page.goto('/subscribe/confirm?token=not-a-real-token-0123456789');
  await hydrated(page);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This confirmation link is invalid or has expired. Subscribe again to get a new one.',
  );

  await page.goto('/subscribe/confirm');
  await hydrated(page);
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid or has expired.');
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the blog' }).click();
  await expect(page).toHaveURL('/blog');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered form confirms with a real POST, and a bad link says so', async ({ page }) => {
    const email = `${uniqueWord('nojs')}@example.com`;
    const signedUp = await page.request.post('/api/subscribe', {
      data: { email },
      headers: { 'X-Forwarded-For': '198.51.100.7' },
    });
    expect(signedUp.status()).toBe(200);
    const link = linkIn(await waitForMail(owner, email, 'confirmation'), '/subscribe/confirm');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
    expect(await subscriberStatus(owner, email)).toBe('pending');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL('/subscribe/confirm?result=confirmed');
    await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Your subscription is confirmed.');
    expect(await subscriberStatus(owner, email)).toBe('active');

    await page.goto('/subscribe/confirm?token=not-a-real-token-0123456789');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL('/subscribe/confirm?result=invalid');
    await expect(page.getByRole('alert')).toContainText(
      'This confirmation link is invalid or has expired. Subscribe again to get a new one.',
    );
    await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
  });
});
