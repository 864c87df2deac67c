// Unsubscribing by address in a real browser against the real server in capture mode: the page answers as
// the spec says and the subscription stops at once, the address is mailed a notice, and the notice's one
// link brings the subscription back with the confirmation page's button (its GET changes nothing).
import { type APIRequestContext, expect } from '@playwright/test';
import { hydrated, ownerApi, uniqueWord } from './blog-helpers.ts';
import { test } from './fixtures.ts';
import { linkIn, subscribeConfirmed, subscriberStatus, waitForMail } from './mail-helpers.ts';

let owner: APIRequestContext;
test.beforeAll(async () => {
  owner = await ownerApi();
});
test.afterAll(async () => {
  await owner.dispose();
});

test('unsubscribe by address → the notice → resubscribe with one click', async ({
  page,
  request,
  consoleErrors,
}) => {
  const email = `${uniqueWord('notice')}@example.com`;
  await subscribeConfirmed(request, owner, { email });
  expect(await subscriberStatus(owner, email)).toBe('active');

  await page.goto('/unsubscribe');
  await hydrated(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Successfully Unsubscribed' })).toBeVisible();
  expect(await subscriberStatus(owner, email)).toBe('unsubscribed');

  const notice = await waitForMail(owner, email, 'notice');
  expect(notice.subject).toBe('You were unsubscribed from Private Notes');
  expect(notice.text).toContain('Not you? Resubscribe with one click');
  const link = linkIn(notice, '/subscribe/confirm');
  await page.goto(`${link.pathname}${link.search}`);
  await hydrated(page);
  expect(await subscriberStatus(owner, email)).toBe('unsubscribed');
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  expect(await subscriberStatus(owner, email)).toBe('active');
  expect(consoleErrors).toEqual([]);
});
