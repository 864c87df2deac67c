// Finding notes in real Chromium: ranked search (typos, accents, CJK, titles first, the count of what is shown),
// offline too; the quick switcher by keyboard alone; [[links]] between notes, their backlinks, renames, missing
// notes created from a link, and links brought in by an Obsidian import.
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from './fixtures.ts';

async function seed(page: Page, notes: Array<{ title: string; content: string; tags?: string[] }>) {
  for (const note of notes) {
    const response = await page.request.post('/api/notes', { data: { tags: [], ...note } });
    expect(response.status()).toBe(201);
  }
}

const cardTitles = (page: Page) => page.getByTestId('note-card').locator('h3').allTextContents();

async function search(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await expect(page.locator(`[data-search="${text}"]`)).toBeVisible();
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  const notes = (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>;
  for (const note of notes) await page.request.delete(`/api/notes/${note.id}`);
});

test('ranked search forgives a typo, folds accents, finds CJK words and puts titles first, offline too', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The note titled with the word is the oldest: by date it would come last.
  await seed(page, [
    { title: 'Velquarin', content: 'A rare flower of the high meadows.' },
    ...[1, 2, 3, 4].map((i) => ({
      title: `Walk ${i}`,
      content: `Long notes about the day, the weather and the path; a velquarin by the road. ${'More words. '.repeat(30)}`,
    })),
    { title: 'Café list', content: 'A naïve plan for Sunday.', tags: ['food'] },
    { title: '旅行', content: '明日は東京都へ行きます。' },
    { title: 'Breakfast', content: 'Marmalade on toast while the harpsichord plays.' },
  ]);
  await page.goto('/notes');
  await expect(page.getByText('8 notes', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Search & Filter' }).click();

  await search(page, 'velquerin');
  await expect.poll(() => cardTitles(page)).toHaveLength(5);
  const ranked = await cardTitles(page);
  expect(ranked[0]).toBe('Velquarin');
  expect(ranked.slice(1).sort()).toEqual(['Walk 1', 'Walk 2', 'Walk 3', 'Walk 4']);
  await expect(page.getByText('5 notes', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
  // The passage around the match is shown, the word marked.
  await expect(page.getByTestId('note-card').filter({ hasText: 'Walk 1' }).locator('mark')).toHaveText([
    'velquarin',
  ]);

  await search(page, 'cafe naive');
  await expect.poll(() => cardTitles(page)).toEqual(['Café list']);
  await expect(page.getByTestId('note-card').locator('mark')).toHaveText(['naïve']);
  await search(page, '東京');
  await expect.poll(() => cardTitles(page)).toEqual(['旅行']);
  await search(page, 'harpsichord marmalade');
  await expect.poll(() => cardTitles(page)).toEqual(['Breakfast']);
  await search(page, 'velquarin -road');
  await expect.poll(() => cardTitles(page)).toEqual(['Velquarin']);
  await search(page, 'tag:food');
  await expect.poll(() => cardTitles(page)).toEqual(['Café list']);
  await page.getByLabel('Search', { exact: true }).fill('');
  await expect(page.getByText('8 notes', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('updated-desc');

  // Offline, after a reload: the index is in this browser's database and the worker in the app's cache.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('8 notes', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Search & Filter' }).click();
  await search(page, 'velqarin');
  await expect.poll(() => cardTitles(page)).toHaveLength(5);
  expect((await cardTitles(page))[0]).toBe('Velquarin');
  await context.setOffline(false);
});

test('the quick switcher opens a note and runs a command by keyboard alone', async ({ page }) => {
  await seed(page, [
    { title: 'Cell respiration', content: 'Glycolysis, the Krebs cycle and the electron transport chain.' },
    { title: 'Shopping list', content: 'Milk' },
  ]);
  await page.goto('/notes');
  await expect(page.getByText('2 notes', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Find a note or command' });
  await expect(input).toBeFocused();
  await page.keyboard.type('clresp');
  await expect(page.getByRole('option', { name: 'Cell respiration' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  const viewer = page.getByTestId('note-viewer');
  await expect(viewer.getByRole('heading', { name: 'Cell respiration' })).toBeVisible();
  await expect(viewer.getByText('electron transport chain')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('settings');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('new note');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Title')).toBeVisible();
});

test('[[links]] open their note, list backlinks, survive a rename, and create a missing note', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await seed(page, [
    { title: 'Cell respiration', content: 'Makes ATP.' },
    { title: 'Biology', content: 'See [[Cell respiration]] and [[Photosynthesis|how plants eat]].' },
  ]);
  await page.goto('/notes');
  await expect(page.getByText('2 notes', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Open note: Biology' }).click();
  const viewer = page.getByTestId('note-viewer');
  await viewer.getByRole('link', { name: 'Cell respiration' }).click();
  await expect(viewer.getByRole('heading', { name: 'Cell respiration' })).toBeVisible();
  const linkedFrom = viewer.getByRole('region', { name: 'Linked from' });
  await expect(linkedFrom.getByRole('button', { name: 'Biology' })).toBeVisible();

  // Rename the target: the link in Biology follows, here and on the server.
  await viewer.getByRole('button', { name: 'Edit Note' }).click();
  await page.getByLabel('Title').fill('Cellular respiration');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note updated successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Open note: Biology' }).click();
  await expect(viewer.getByRole('link', { name: 'Cellular respiration' })).toBeVisible();
  await expect
    .poll(
      async () => {
        const notes = (await (await page.request.get('/api/notes?search=Biology')).json()) as Array<{
          title: string;
          content: string;
        }>;
        return notes.find((n) => n.title === 'Biology')?.content;
      },
      { timeout: 20_000 },
    )
    .toBe('See [[Cellular respiration]] and [[Photosynthesis|how plants eat]].');
  await viewer.getByRole('link', { name: 'Cellular respiration' }).click();
  await expect(viewer.getByRole('heading', { name: 'Cellular respiration' })).toBeVisible();
  await expect(
    viewer.getByRole('region', { name: 'Linked from' }).getByRole('button', { name: 'Biology' }),
  ).toBeVisible();

  // A link to a note that does not exist offers it: a new note's editor with its title, and nothing is
  // created until it is saved (backing out leaves no empty note).
  await viewer.getByRole('button', { name: 'Biology' }).click();
  await viewer.getByRole('link', { name: 'how plants eat' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Photosynthesis');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Biology' })).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Photosynthesis' })).toHaveCount(0);
  await page.getByTestId('note-card').filter({ hasText: 'Biology' }).click();
  await page.getByTestId('note-viewer').getByRole('link', { name: 'how plants eat' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Photosynthesis');

  // Typing [[ in the editor suggests titles; Enter inserts the link.
  const content = page.getByLabel('Content');
  await content.click();
  await page.keyboard.type('Needs [[cell');
  await expect(page.getByRole('option', { name: 'Cellular respiration' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(content).toHaveValue('Needs [[Cellular respiration]]');
});

test('an imported Obsidian vault keeps its [[links]], which open their notes', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/notes');
  await expect(page.getByText('0 notes', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'Import & Export' }).click();
  await page.getByLabel('Files to import').setInputFiles({
    name: 'vault.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(
      zipSync({
        'Vault/Biology/Cell respiration.md': strToU8('Makes ATP in the mitochondria.'),
        'Vault/Krebs cycle.md': strToU8('Part of [[Biology/Cell respiration|respiration]].'),
      }),
    ),
  });
  await page.getByRole('button', { name: 'Import 2 notes' }).click();
  await expect(page.getByText('Imported 2 notes.')).toBeVisible({ timeout: 20_000 });
  await page.goto('/notes');
  await page.getByRole('button', { name: 'Open note: Krebs cycle' }).click();
  const viewer = page.getByTestId('note-viewer');
  await viewer.getByRole('link', { name: 'respiration' }).click();
  await expect(viewer.getByText('Makes ATP in the mitochondria.')).toBeVisible();
});
