// The post page in a real browser (SPEC section 2): slug added and corrected, a missing post (404),
// table of contents navigation with reading progress, related posts, FAQ, bookmark, share, like, previous/next.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createPost, hydrated, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { E2E_OWNER } from './owner.ts';

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await ownerApi();
});
test.afterAll(async () => {
  await api.dispose();
});

test('a missing slug is added and a wrong one corrected (301 on the server)', async ({ page, request }) => {
  const post = await createPost(api, { title: `Slug Test: ${uniqueWord()} & more!` });
  const expected = postUrl(post);

  const plain = await request.get(`/blog/post/${post.id}`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers().location).toBe(expected);

  await page.goto(`/blog/post/${post.id}`);
  await expect(page).toHaveURL(expected);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);

  await page.goto(`/blog/post/${post.id}/not-the-title`);
  await expect(page).toHaveURL(expected);

  // In the owner's app (no page load): the router's own navigation to a slug-less URL is replaced too. (A
  // visitor's post page has no router: every move is a page load, answered by the 301 above.)
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await page.goto(expected);
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.evaluate((id) => {
    history.pushState(history.state, '', `/blog/post/${id}`);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, post.id);
  await expect(page).toHaveURL(expected);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('a missing post answers 404 with Post Not Found and a way back', async ({ page }) => {
  const response = await page.goto('/blog/post/987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
  await expect(
    page.getByText("The blog post you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await expect(page).toHaveTitle('Post Not Found | Private Notes');
  await hydrated(page);
  await page.getByRole('main').getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('table of contents scrolls to a section, marks it, and shows progress and minutes left', async ({
  page,
}) => {
  const filler = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} ${'words '.repeat(60)}`).join('\n\n');
  const content = [
    '# Getting Started',
    filler,
    '## The Middle Part',
    filler,
    '## Final Thoughts',
    filler,
  ].join('\n\n');
  const post = await createPost(api, { title: `TOC ${uniqueWord()}`, content, readTime: 7 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(postUrl(post));
  await hydrated(page);

  const toc = page.getByRole('navigation', { name: 'Table of Contents' });
  await expect(toc.getByRole('link')).toHaveText(['Getting Started', 'The Middle Part', 'Final Thoughts']);
  const progress = page.getByTestId('reading-progress');
  await expect(progress).toContainText('0% read');
  await expect(progress).toContainText('7 mins left');

  await toc.getByRole('link', { name: 'Final Thoughts' }).click();
  const heading = page.locator('#final-thoughts');
  await expect
    .poll(async () => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeGreaterThan(90);
  await expect.poll(async () => heading.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
  await expect(toc.getByRole('link', { name: 'Final Thoughts' })).toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(/#final-thoughts$/);
  await expect(progress).not.toContainText('0% read');
  await expect(page.getByRole('progressbar', { name: 'Reading progress' })).not.toHaveAttribute(
    'aria-valuenow',
    '0',
  );
});

test('related posts: up to 3 by tag overlap; FAQ, tags, previous and next', async ({ page }) => {
  const a = uniqueWord('rel');
  const b = uniqueWord('rel');
  const main = await createPost(api, {
    title: `Main ${a}`,
    tags: [a, b],
    faq: [{ question: 'Is it free?', answer: 'Yes.\nAlways.' }],
  });
  const twin = await createPost(api, { title: `Twin ${a}`, tags: [a, b], readTime: 2 });
  const half = await createPost(api, { title: `Half ${a}`, tags: [a], readTime: 9 });
  const other = await createPost(api, { title: `Other ${a}`, tags: ['unrelated'] });
  const third = await createPost(api, { title: `Third ${a}`, tags: [b, 'x', 'y'] });
  const fourth = await createPost(api, { title: `Fourth ${a}`, tags: [b, 'x', 'y', 'z'] });

  await page.goto(postUrl(main));
  await hydrated(page);
  const related = page.getByTestId('related-posts').getByRole('link');
  // Jaccard: twin 1, half 0.5, third 0.25, fourth 0.2; three at most.
  await expect(related).toHaveText([twin.title, half.title, third.title]);
  await expect(page.getByTestId('related-posts')).not.toContainText(other.title);
  await expect(page.getByTestId('related-posts')).not.toContainText(fourth.title);

  await expect(page.getByText('2 topics')).toBeVisible();
  await expect(page.getByText('1 min read').first()).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/).first()).toBeVisible();

  // FAQ: the post's own item, the answer split into paragraphs.
  await page.getByText('Is it free?').click();
  await expect(page.locator('details[open] p')).toHaveText(['Yes.', 'Always.']);

  // Tag links go to the tag page.
  await expect(page.getByRole('article').getByRole('link', { name: `#${a}` })).toHaveAttribute(
    'href',
    `/blog/tags/${a}`,
  );

  // Previous/next follow the posts list (newest first): main was created first, so twin is before it.
  const more = page.getByRole('navigation', { name: 'More posts' });
  await expect(more.getByRole('link', { name: /Previous/ })).toContainText(twin.title);

  // A post without FAQ items has no FAQ section.
  await page.goto(postUrl(other));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title);
  await expect(page.getByText('Frequently Asked Questions')).toHaveCount(0);
});

test('bookmark persists with its toasts; share offers Copy link and three http(s) networks; like thanks', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const post = await createPost(api, { title: `Bookmark ${uniqueWord()}` });
  await page.goto(postUrl(post));
  await hydrated(page);

  const bar = page.locator('[data-sticky-bar]');
  await expect(bar.getByRole('link', { name: 'Back to Blog' })).toBeVisible();
  await bar.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByText('Post bookmarked')).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(bar.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bookmark removed')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');

  await bar.getByRole('button', { name: 'Share' }).click();
  const links = bar.getByRole('link', { name: /^Share on / });
  await expect(links).toHaveCount(3);
  for (const href of await links.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))) {
    expect(href).toMatch(/^https:\/\//);
    expect(href).toContain(encodeURIComponent(page.url()));
  }
  await bar.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByText('Thanks for the like!')).toBeVisible();
  await expect(page.getByText('We appreciate your feedback.')).toBeVisible();
});
