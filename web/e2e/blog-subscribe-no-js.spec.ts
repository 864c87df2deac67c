// Subscribing from a post page with JavaScript turned off, in a 390 px window: the newsletter block is a real
// form (POST /subscribe), the server answers with a page saying to check the inbox, the confirmation mail
// goes out as it does with scripts, and the page's link leads back to the post. A bad address says why.
import { expect, test } from '@playwright/test';
import { createPost, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { readerWithoutScripts, subscriberStatus, waitForMail } from './mail-helpers.ts';

test('a reader without JavaScript subscribes from a post page and is led back to the post', async ({
  browser,
}) => {
  const api = await ownerApi();
  const post = await createPost(api, { title: `Without scripts ${uniqueWord()}` });
  const page = await readerWithoutScripts(browser);
  await page.goto(postUrl(post));
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();

  const block = page.getByRole('region', { name: 'Subscribe to the Newsletter' });
  const email = `noscript-${uniqueWord()}@example.com`;
  await block.getByLabel('Email address').fill(email);
  await block.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/subscribe\?result=sent&back=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('we sent a confirmation link');
  await expect(page).toHaveTitle(/^Check your inbox \| /);
  // Double opt-in as with scripts: pending, and a confirmation mail in the Outbox.
  await waitForMail(api, email, 'confirmation');
  expect(await subscriberStatus(api, email)).toBe('pending');

  await page.getByRole('link', { name: 'Back to the post' }).click();
  await expect(page).toHaveURL(new RegExp(`${postUrl(post)}$`));
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await page.context().close();
  await api.dispose();
});

test('without JavaScript, an address the browser lets through but the server refuses says why', async ({
  browser,
}) => {
  const page = await readerWithoutScripts(browser);
  await page.goto('/blog');
  const block = page.getByRole('region', { name: 'Subscribe to the Newsletter' });
  // type="email" accepts "a@b"; the server's rule wants a domain with a dot.
  await block.getByLabel('Email address').fill('a@b');
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.context().close();
});
