// The notes screen loads in parts (docs/decisions/owner-first-visit-split.md): its first paint carries the list
// only, and the editor, the viewer, the filters, the delete confirmation, study mode and the sync details load
// as chunks of their own. Here in real Chromium: they are fetched right after the first paint while the owner
// does nothing, so opening one waits for no download; and offline, after a reload, every one of them still
// opens from the service worker's precache.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function createServerNote(page: Page, title: string) {
  const response = await page.request.post('/api/notes', {
    data: { title, content: `# ${title}\n\nSome text about ${title}.`, tags: ['lazy'] },
  });
  expect(response.status()).toBeLessThan(300);
}

test.beforeEach(async ({ signIn }) => {
  await signIn();
});

test('the editor and the viewer are fetched while the owner does nothing, before New Note is pressed', async ({
  page,
}) => {
  const fetched = (name: RegExp) =>
    page.waitForResponse((response) => name.test(new URL(response.url()).pathname) && response.ok(), {
      timeout: 20_000,
    });
  const editor = fetched(/\/assets\/NoteEditor-[^/]+\.js$/);
  const viewer = fetched(/\/assets\/NoteViewer-[^/]+\.js$/);
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  // No pointer over the page, nothing focused, nothing clicked: both arrive on their own.
  await Promise.all([editor, viewer]);
  await page.getByRole('button', { name: 'New Note' }).click();
  await expect(page.getByLabel('Title')).toBeVisible();
});

test('offline after a reload, every part of the notes screen that loads apart still opens', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const title = `Lazy part note ${Date.now()}`;
  await createServerNote(page, title);
  await page.goto('/notes');
  const card = page.getByTestId('note-card').filter({ hasText: title });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Offline');
  await expect(card).toBeVisible();

  // Sync details.
  await page.getByTestId('sync-status').click();
  const details = page.getByRole('dialog', { name: 'Sync details' });
  await expect(details).toBeVisible();
  await expect(details.getByText('Your notes are saved on this device')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // The viewer, with the rendered note.
  await card.getByRole('button', { name: `Open note: ${title}` }).click();
  const viewer = page.getByRole('dialog', { name: title });
  await expect(viewer.getByText(`Some text about ${title}.`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // The filters.
  await page.getByRole('button', { name: 'Search & Filter' }).click();
  await expect(page.getByLabel('Search')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Filters' }).click();

  // The delete confirmation, cancelled.
  await card.getByRole('button', { name: 'Delete Note' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  // Study mode.
  await card.getByRole('button', { name: 'Study Mode' }).click();
  await expect(page.getByTestId('study-mode')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('study-mode')).toHaveCount(0);

  // The editor: a note written offline.
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill('Written offline in parts');
  await page.getByLabel('Content').fill('The editor came from the precache.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Written offline in parts' })).toBeVisible();
});
