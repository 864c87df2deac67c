// The public blog pages are rendered on the server (content in the HTML before any script runs) and
// hydrate in Chromium without console errors (a mismatch would log one and re-render the page).

import { createPost, hydrated, ownerApi, postUrl } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';

let postPath = '';
test.beforeAll(async () => {
  const api = await ownerApi();
  const post = await createPost(api, {
    title: 'Hydration check post',
    content: '# Section one\n\nHydrated paragraph.\n\n## Section two\n\nMore.',
    tags: ['hydration', 'tools'],
    faq: [{ question: 'Does it hydrate?', answer: 'Yes.' }],
  });
  postPath = postUrl(post);
  await api.dispose();
});

for (const name of [
  '/blog',
  'post',
  '/blog/tags',
  '/blog/tags/hydration',
  '/unsubscribe?email=a%40b.co',
  '/unsubscribe?token=abcdefghijklmnop0123',
  '/subscribe/confirm?token=abcdefghijklmnop0123',
  '/',
]) {
  test(`${name} hydrates without console errors`, async ({ page, consoleErrors }) => {
    const path = name === 'post' ? postPath : name;
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });
}

test('the post page is readable before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(postPath);
  await expect(page.locator('#post-title')).toHaveText('Hydration check post');
  await expect(page.getByText('Hydrated paragraph.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Table of Contents' }).getByRole('link')).toHaveCount(2);
  await context.close();
});

test('a phone shows the blog without horizontal scrolling', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  for (const path of [
    '/blog',
    postPath,
    '/blog/tags',
    '/blog/tags/hydration',
    '/unsubscribe',
    '/subscribe/confirm',
  ]) {
    await page.goto(path);
    await hydrated(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await context.close();
});
