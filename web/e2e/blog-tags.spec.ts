// Tag pages in a real browser (SPEC section 2): the tag page's count line, grid, related tags and links;
// the all-tags page's search, three sorts (letter headings for alphabetical), counts and empty state.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createPost, hydrated, ownerApi, uniqueWord } from './blog-helpers.ts';

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await ownerApi();
});
test.afterAll(async () => {
  await api.dispose();
});

test('a tag page: count line, its posts, related tags with counts, View All Tags', async ({ page }) => {
  const tag = uniqueWord('topic');
  const near = uniqueWord('near');
  const far = uniqueWord('far');
  await createPost(api, { title: `${tag} one`, tags: [tag, near] });
  await createPost(api, { title: `${tag} two`, tags: [tag, near, far] });
  await createPost(api, { title: `${tag} elsewhere`, tags: [far] });

  await page.goto(`/blog/tags/${tag}`);
  await hydrated(page);
  await expect(page).toHaveTitle(`Posts tagged "${tag}" | Private Notes`);
  await expect(page.getByText(`Showing 2 posts tagged with "${tag}"`)).toBeVisible();
  await expect(page.getByTestId('post-card').getByRole('heading')).toHaveText([`${tag} two`, `${tag} one`]);
  const related = page.getByTestId('related-tags').getByRole('link');
  await expect(related).toHaveText([`${near} 2`, `${far} 1`]);
  await related.first().click();
  await expect(page).toHaveURL(`/blog/tags/${near}`);
  await expect(page.getByText(`Showing 2 posts tagged with "${near}"`)).toBeVisible();

  await page.getByRole('link', { name: 'View All Tags' }).click();
  await expect(page).toHaveURL('/blog/tags');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Tags');
});

test('an unknown tag shows the empty line and Return to Blog', async ({ page }) => {
  const tag = uniqueWord('none');
  await page.goto(`/blog/tags/${tag}`);
  await hydrated(page);
  await expect(page.getByText(`No posts found with tag "${tag}"`)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Blog' }).click();
  await expect(page).toHaveURL('/blog');
});

test('a tag with a space and a slash survives the URL', async ({ page }) => {
  const tag = `${uniqueWord('odd')} & a/b`;
  await createPost(api, { title: 'Odd tag post', tags: [tag] });
  await page.goto(`/blog/tags/${encodeURIComponent(tag)}`);
  await hydrated(page);
  await expect(page.getByText(`Showing 1 post tagged with "${tag}"`)).toBeVisible();
});

test('all tags: search, sorts with letter headings, counts, empty state and Clear Search', async ({
  page,
}) => {
  const word = uniqueWord('zz');
  await createPost(api, { title: 'Tag tiles 1', tags: [`${word}-alpha`, `${word}-beta`] });
  await createPost(api, { title: 'Tag tiles 2', tags: [`${word}-beta`] });
  await createPost(api, { title: 'Tag tiles 3', tags: [`${word}-gamma`] });

  await page.goto('/blog/tags');
  await hydrated(page);
  await page.getByPlaceholder('Search tags...').fill(word);
  const tiles = page.getByTestId('tag-tile');
  await expect(tiles).toHaveText([`${word}-beta2 posts`, `${word}-alpha1 post`, `${word}-gamma1 post`]);
  await expect(tiles.first()).toHaveAttribute('href', `/blog/tags/${word}-beta`);

  await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Alphabetical' });
  await expect(page.getByRole('heading', { level: 2, name: 'Z', exact: true })).toBeVisible();
  await expect(tiles).toHaveText([`${word}-alpha1 post`, `${word}-beta2 posts`, `${word}-gamma1 post`]);

  await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Recently Active' });
  await expect(tiles).toHaveText([`${word}-gamma1 post`, `${word}-beta2 posts`, `${word}-alpha1 post`]);

  await page.getByPlaceholder('Search tags...').fill(`${word}-nothing`);
  await expect(page.getByRole('heading', { name: 'No tags found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page.getByPlaceholder('Search tags...')).toHaveValue('');
  await expect(tiles.first()).toBeVisible();
});
