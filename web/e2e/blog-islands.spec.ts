// The public pages as islands (docs/decisions/public-islands.md): a visitor's page arrives as HTML with one
// small script and no router data; an island's code and React load only when the reader reaches for it,
// and what the reader did meanwhile (a click, typed text) is not lost; links between public pages are
// full page loads; the owner still gets the whole app.
import { createPost, hydrated, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { E2E_OWNER, expect, test } from './fixtures.ts';

const scripts = (page: import('@playwright/test').Page) => {
  const loaded: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js') && response.ok()) loaded.push(pathname);
  });
  return loaded;
};

test('a visitor’s /blog loads only the public entry until the search is touched', async ({
  page,
  consoleErrors,
}) => {
  const word = uniqueWord('isl');
  await createPost(api(), { title: `Island ${word} one`, tags: ['islands'] });
  await createPost(api(), { title: 'Island other', content: `Mentions ${word} inside.`, tags: ['islands'] });
  const loaded = scripts(page);
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  expect(loaded).toHaveLength(1);
  expect(loaded[0]).toMatch(/^\/assets\/public-entry-[\w-]+\.js$/);
  expect(await page.evaluate(() => '$_TSR' in window || 'Chakra' in window)).toBe(false);
  expect(await page.locator('script[type="application/json"]#pn-page-data').count()).toBe(1);

  // Typed before the island is live: the search still runs on the whole text.
  await page.getByPlaceholder('Search articles...').fill(word);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search Results for "${word}"(2 results)`);
  expect(loaded.some((p) => p.includes('island-runtime'))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('a click that wakes an island is carried out once it is live', async ({ page }) => {
  await createPost(api(), { title: `Tabbed ${uniqueWord()}`, tags: ['Workflow'] });
  await page.goto('/blog');
  // The very first touch of the home: no hover first, so the click itself starts the island.
  await page.getByRole('tab', { name: 'Productivity' }).dispatchEvent('click');
  await expect(page.getByRole('tab', { name: 'Productivity' })).toHaveAttribute('aria-selected', 'true');
});

test('links between public pages are page loads, and a post reads its progress without React', async ({
  page,
}) => {
  const post = await createPost(api(), {
    title: `Linked ${uniqueWord()}`,
    content: `# One\n\n${'Long paragraph. '.repeat(300)}\n\n## Two\n\n${'More. '.repeat(300)}`,
  });
  await page.goto('/blog');
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  const loaded = scripts(page);
  await page.getByRole('link', { name: post.title }).first().click();
  await expect(page).toHaveURL(postUrl(post));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  // Reaching for a link woke no island on /blog: only the post page's own entry loaded.
  expect(loaded.filter((p) => !/public-entry/.test(p))).toEqual([]);

  await page.mouse.wheel(0, 4000);
  const bar = page.getByRole('progressbar', { name: 'Reading progress' });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(10);
  await expect(page.getByTestId('reading-progress')).toContainText(/^[1-9]\d*% read/);
  await expect(
    page.getByRole('navigation', { name: 'Table of Contents' }).locator('a[aria-current]'),
  ).toHaveCount(1);
  // Scrolling and reading woke no island.
  expect(loaded.filter((p) => !/public-entry/.test(p))).toEqual([]);
});

test('a saved star shows before its island wakes, and another island follows a change', async ({ page }) => {
  const post = await createPost(api(), { title: `Starred ${uniqueWord()}` });
  await page.goto(postUrl(post));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-sticky-bar]').getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto(`/blog?search=${encodeURIComponent(post.title)}`);
  await page.evaluate((id) => localStorage.setItem('blog-favourites', JSON.stringify([id])), post.id);
  await page.reload();
  const loaded = scripts(page);
  await expect(
    page.getByTestId('post-card').getByRole('button', { name: `Remove ${post.title} from favourites` }),
  ).toHaveAttribute('aria-pressed', 'true');
  expect(loaded.filter((p) => !/public-entry/.test(p))).toEqual([]);
});

test('the owner opening a public page gets the whole app (the router hydrates it)', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  const loaded = scripts(page);
  await page.goto('/blog');
  await hydrated(page);
  expect(loaded.some((p) => /entry-client-/.test(p))).toBe(true);
  expect(loaded.some((p) => /public-entry-/.test(p))).toBe(false);
  await expect(page.getByRole('button', { name: /^Logout/ }).first()).toBeAttached();
});

let ownerSession: Awaited<ReturnType<typeof ownerApi>>;
const api = () => ownerSession;
test.beforeAll(async () => {
  ownerSession = await ownerApi();
});
test.afterAll(async () => {
  await ownerSession.dispose();
});
