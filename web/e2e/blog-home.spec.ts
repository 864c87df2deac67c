// The blog home in a real browser (SPEC section 2): search with its heading and count, the three sorts,
// the tag filter with its badge, the category tabs, the featured post with real counts, favourites.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type CreatedPost, createPost, hydrated, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { E2E_OWNER } from './owner.ts';

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await ownerApi();
});
test.afterAll(async () => {
  await api.dispose();
});

const cardTitles = (page: import('@playwright/test').Page) =>
  page.getByTestId('post-card').getByRole('heading').allTextContents();

test('search shows its heading and count, and the empty state leads back to all posts', async ({ page }) => {
  const word = uniqueWord('srch');
  await createPost(api, { title: `Gardening ${word} notes`, tags: ['garden'] });
  await createPost(api, {
    title: 'Another post',
    content: `The body mentions ${word} once.`,
    tags: ['misc'],
  });
  await createPost(api, { title: 'Unrelated text', tags: ['misc'] });

  await page.goto('/blog');
  await hydrated(page);
  await page.getByPlaceholder('Search articles...').fill(word.toUpperCase());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Search Results for "${word.toUpperCase()}"(2 results)`,
  );
  expect((await cardTitles(page)).sort()).toEqual(['Another post', `Gardening ${word} notes`]);
  // Searching hides the featured post and the tabs.
  await expect(page.getByTestId('featured-post')).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`search=${word.toUpperCase()}`));

  await page.getByPlaceholder('Search articles...').fill(`${word} nothing-matches`);
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
  await page.getByRole('button', { name: 'View All Posts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
  await expect(page.getByPlaceholder('Search articles...')).toHaveValue('');
  await expect(page.getByTestId('featured-post')).toBeVisible();
});

test('sorts: Most Recent, Oldest First, Most Popular (longest read first)', async ({ page }) => {
  const word = uniqueWord('sort');
  const first = await createPost(api, { title: `${word} first`, readTime: 4 });
  const second = await createPost(api, { title: `${word} second`, readTime: 9 });
  const third = await createPost(api, { title: `${word} third`, readTime: 2 });

  await page.goto(`/blog?search=${word}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('(3 results)');
  expect(await cardTitles(page)).toEqual([third.title, second.title, first.title]);
  // The first choice reaches the list once the home's island is live (it loads on that first touch).
  await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Oldest First' });
  await expect.poll(() => cardTitles(page)).toEqual([first.title, second.title, third.title]);
  await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Most Popular' });
  expect(await cardTitles(page)).toEqual([second.title, first.title, third.title]);
  await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Most Recent' });
  expect(await cardTitles(page)).toEqual([third.title, second.title, first.title]);
});

test('a tag from the All Categories panel filters, shows the badge, and clears the search', async ({
  page,
}) => {
  const tag = uniqueWord('tag');
  await createPost(api, { title: `Tagged one ${tag}`, tags: [tag, 'shared'] });
  await createPost(api, { title: 'Tagged two', tags: [tag] });

  await page.goto('/blog?search=anything');
  await hydrated(page);
  const panel = page.getByRole('complementary', { name: 'All Categories' });
  await expect(panel.getByRole('button', { name: /^All Posts \(\d+\)$/ })).toBeVisible();
  await panel.getByRole('button', { name: `${tag} 2` }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts in ${tag}`);
  await expect(page.getByTestId('tag-badge')).toHaveText(`Showing: ${tag}`);
  await expect(page.getByPlaceholder('Search articles...')).toHaveValue('');
  expect((await cardTitles(page)).sort()).toEqual([`Tagged one ${tag}`, 'Tagged two']);
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`));

  await page.getByRole('button', { name: `Remove filter ${tag}` }).click();
  await expect(page.getByTestId('tag-badge')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
});

test('category tabs list the rest by tag rules; the newest post is featured with real counts', async ({
  page,
  context,
}) => {
  const word = uniqueWord('cat');
  const knowledge = await createPost(api, { title: `${word} zettel`, tags: ['Daily-Notes'] });
  const productivity = await createPost(api, { title: `${word} flow`, tags: ['Workflow'] });
  const tech = await createPost(api, { title: `${word} stack`, tags: ['DevTools'] });
  const featured: CreatedPost = await createPost(api, { title: `${word} featured`, tags: ['tech'] });

  // One real view and one approved comment on the featured post.
  const reader = await context.newPage();
  await reader.goto(postUrl(featured));
  await hydrated(reader);
  // The owner's list counts views at once; public answers show them from the blog's next change (the comment
  // below), since a view never throws away the cached pages.
  await expect
    .poll(async () => {
      const posts = (await (await api.get('/api/admin/blog')).json()) as { id: number; views: number }[];
      return posts.find((post) => post.id === featured.id)?.views;
    })
    .toBe(1);
  await reader.close();
  const comment = await api.post(`/api/blog/${featured.id}/comments`, {
    data: { author: 'Ann', email: 'ann@example.com', content: 'Nice.' },
  });
  await api.put(`/api/comments/${(await comment.json()).id}/approve`, { data: {} });

  await page.goto('/blog');
  await hydrated(page);
  const card = page.getByTestId('featured-post');
  await expect(card.getByRole('heading')).toHaveText(featured.title);
  await expect(card.getByTestId('featured-views')).toHaveText('1 view');
  await expect(card.getByTestId('featured-comments')).toHaveText('1 comment');

  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['All Posts', 'Knowledge Management', 'Productivity', 'Technology']);
  const panel = page.getByRole('tabpanel');
  // The featured post is not repeated in the list.
  await expect(panel.getByRole('heading', { name: featured.title })).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: knowledge.title })).toBeVisible();

  await page.getByRole('tab', { name: 'Knowledge Management' }).click();
  await expect(panel.getByRole('heading', { name: knowledge.title })).toBeVisible();
  await expect(panel.getByRole('heading', { name: productivity.title })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Productivity' }).click();
  await expect(panel.getByRole('heading', { name: productivity.title })).toBeVisible();
  await expect(panel.getByRole('heading', { name: tech.title })).toHaveCount(0);

  // Keyboard: arrow right moves to Technology.
  await page.getByRole('tab', { name: 'Productivity' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Technology' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { name: tech.title })).toBeVisible();
  await expect(panel.getByRole('heading', { name: knowledge.title })).toHaveCount(0);
});

test('post cards: two tags and "+N more", dates, and a favourite kept after a reload', async ({ page }) => {
  const word = uniqueWord('fav');
  const post = await createPost(api, { title: `${word} card`, tags: ['one', 'two', 'three', 'four'] });
  await page.goto(`/blog?search=${word}`);
  await hydrated(page);
  const card = page.getByTestId('post-card').filter({ hasText: post.title });
  await expect(card.getByRole('link', { name: 'one' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'two' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'three' })).toHaveCount(0);
  await expect(card.getByText('+2 more')).toBeVisible();
  await expect(card.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();

  const star = card.getByRole('button', { name: `Add ${post.title} to favourites` });
  await star.click();
  await expect(card.getByRole('button', { name: `Remove ${post.title} from favourites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await hydrated(page);
  await expect(
    page
      .getByTestId('post-card')
      .filter({ hasText: post.title })
      .getByRole('button', { name: /favourites/ }),
  ).toHaveAttribute('aria-pressed', 'true');
});

// The visitor's service worker (reader mode) would fetch the list itself, out of reach of page.route.
test.describe('while the list loads', () => {
  test.use({ serviceWorkers: 'block' });

  // A visitor's /blog arrives with its list (a full page load); the owner's app still fetches it when it
  // moves to the blog, so the list's skeletons are the owner's, and a search's are everyone's.
  test('skeletons: 6 while the posts load, 4 while a search fetches the bodies', async ({ page }) => {
    await createPost(api, { title: `Skeleton ${uniqueWord()}`, content: 'skeletonbody text' });
    expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
    await page.goto('/unsubscribe');
    await hydrated(page);
    // One handler; each hold() makes the next list requests wait until released.
    let gate: Promise<void> | null = null;
    await page.route('**/api/blog', async (route) => {
      if (gate) await gate;
      await route.continue();
    });
    const hold = () => {
      let release: () => void = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    };

    const releaseList = hold();
    await page.getByRole('link', { name: 'View Blog' }).click();
    await expect(page.getByTestId('post-skeleton')).toHaveCount(6);
    releaseList();
    await expect(page.getByTestId('featured-post')).toBeVisible();
    await expect(page.getByTestId('post-skeleton')).toHaveCount(0);

    const releaseBodies = hold();
    await page.getByPlaceholder('Search articles...').fill('skeletonbody');
    await expect(page.getByTestId('post-skeleton')).toHaveCount(4);
    releaseBodies();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Search Results for "skeletonbody"(1 result)',
    );
  });

  test('a visitor: 4 skeletons while a search fetches the bodies', async ({ page }) => {
    await createPost(api, { title: `Skeleton ${uniqueWord()}`, content: 'skeletonvisitor text' });
    await page.goto('/blog');
    await hydrated(page);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/blog', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByPlaceholder('Search articles...').fill('skeletonvisitor');
    await expect(page.getByTestId('post-skeleton')).toHaveCount(4);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Search Results for "skeletonvisitor"(1 result)',
    );
  });
});

test.describe('with the reader service worker held back (page.route must see every request)', () => {
  test.use({ serviceWorkers: 'block' });

  test('an empty category says so', async ({ page }) => {
    const word = uniqueWord('only');
    const a = await createPost(api, { title: `${word} misc one`, tags: ['misc'] });
    const b = await createPost(api, { title: `${word} misc two`, tags: ['misc'] });
    const listed = [b, a].map((p) => p.id);
    // In the owner's app, which fetches the list when it moves to the blog (a visitor's /blog arrives
    // with the whole list in its HTML, out of page.route's reach).
    expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
    await page.goto('/unsubscribe');
    await hydrated(page);
    // This blog, as far as the page knows, is just these two posts (other tests share the server).
    await page.route('**/api/blog', async (route) => {
      const response = await route.fetch();
      const posts = (await response.json()) as { id: number }[];
      await route.fulfill({ response, json: posts.filter((p) => listed.includes(p.id)) });
    });
    await page.getByRole('link', { name: 'View Blog' }).click();
    await expect(page.getByTestId('featured-post').getByRole('heading')).toHaveText(b.title);
    await page.getByRole('tab', { name: 'Technology' }).click();
    await expect(page.getByRole('tabpanel')).toHaveText('No posts in this category.');
    await page.getByRole('tab', { name: 'All Posts' }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading')).toHaveText(a.title);
  });
});
