// Nothing you type is lost, in real Chromium against the real server: a deleted note waits in the Trash and
// comes back with its history (Undo, or Restore on the Trash screen, offline too), Delete forever removes it
// from the server, and History holds the version before every save (the "Tomatoes" case).
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './attachment-helpers.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

interface ServerNote {
  id: number;
  title: string;
  content: string;
  version: number;
}

async function clearAccount(page: Page) {
  const notes = (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>;
  for (const note of notes) await page.request.delete(`/api/notes/${note.id}`);
  expect((await page.request.delete('/api/trash')).ok()).toBe(true);
}

/** A note made through the API and edited once, so it has one revision. */
async function noteWithHistory(page: Page, title: string): Promise<ServerNote> {
  const created = await page.request.post('/api/notes', {
    data: { title, content: 'first draft', tags: [] },
  });
  const { id } = (await created.json()) as ServerNote;
  const edited = await page.request.put(`/api/notes/${id}`, {
    data: { content: 'second draft', baseVersion: 1 },
  });
  expect(edited.ok()).toBe(true);
  return (await edited.json()) as ServerNote;
}

async function deleteFromCard(page: Page, title: string) {
  const card = page.getByTestId('note-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Delete Note' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Note moved to Trash')).toBeVisible();
  await expect(card).toHaveCount(0);
}

async function serverTrashTitles(page: Page): Promise<string[]> {
  return ((await (await page.request.get('/api/trash')).json()) as Array<{ title: string }>).map(
    (t) => t.title,
  );
}

test.beforeEach(async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn();
  await clearAccount(page);
});

test('delete → Trash → Restore brings the note back with its history, on the server too', async ({
  page,
}) => {
  const note = await noteWithHistory(page, 'Garden plan');
  await page.goto('/notes');
  await expect(page.getByTestId('note-card').filter({ hasText: 'Garden plan' })).toBeVisible({
    timeout: 30_000,
  });
  await deleteFromCard(page, 'Garden plan');
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 20_000 });
  expect(await serverTrashTitles(page)).toEqual(['Garden plan']);

  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const deleted = page.getByRole('list', { name: 'Deleted notes' });
  await expect(deleted.getByRole('heading', { name: 'Garden plan' })).toBeVisible();
  await expect(deleted.getByText('second draft')).toBeVisible();
  await page.getByRole('button', { name: 'Restore “Garden plan”' }).click();
  await expect(page.getByText('Note restored')).toBeVisible();
  await expect(page.getByText('The Trash is empty')).toBeVisible();

  await expect
    .poll(async () => (await page.request.get(`/api/notes/${note.id}`)).status(), { timeout: 20_000 })
    .toBe(200);
  expect(await serverTrashTitles(page)).toEqual([]);

  await page.getByRole('link', { name: 'Back to notes' }).click();
  const card = page.getByTestId('note-card').filter({ hasText: 'Garden plan' });
  await card.getByText('second draft').click();
  const viewer = page.getByTestId('note-viewer');
  await viewer.getByRole('button', { name: 'History' }).click();
  const versions = viewer.getByRole('list', { name: 'Earlier versions' });
  await expect(versions.getByText('Version 1 · Before later edits')).toBeVisible();
  await expect(viewer.getByRole('group', { name: 'Differences from the current text' })).toContainText(
    'first draft',
  );
});

test('Undo in the toast takes a delete back at once', async ({ page }) => {
  await noteWithHistory(page, 'Mis-click');
  await page.goto('/notes');
  await expect(page.getByTestId('note-card').filter({ hasText: 'Mis-click' })).toBeVisible({
    timeout: 30_000,
  });
  await deleteFromCard(page, 'Mis-click');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Mis-click' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 20_000 });
  const titles = ((await (await page.request.get('/api/notes')).json()) as ServerNote[]).map((n) => n.title);
  expect(titles).toEqual(['Mis-click']);
});

test('Delete forever removes the note and its history from the server; Empty trash after a confirmation', async ({
  page,
}) => {
  const note = await noteWithHistory(page, 'Old secret');
  await noteWithHistory(page, 'Old list');
  await page.goto('/notes');
  await expect(page.getByTestId('note-card')).toHaveCount(2, { timeout: 30_000 });
  await deleteFromCard(page, 'Old secret');
  await deleteFromCard(page, 'Old list');
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 20_000 });

  await page.goto('/trash');
  await page.getByRole('button', { name: 'Delete “Old secret” forever' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(
    dialog.getByText('The note and its history will be removed at once. This cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByText('Note deleted forever')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Old secret' })).toHaveCount(0);
  expect(await serverTrashTitles(page)).toEqual(['Old list']);
  expect((await page.request.post(`/api/trash/${note.id}/restore`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Empty trash' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Empty trash' }).click();
  await expect(page.getByText('The Trash is empty')).toBeVisible();
  expect(await serverTrashTitles(page)).toEqual([]);
});

test('the Trash works offline for what the device knows, and on a phone-sized window', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await noteWithHistory(page, 'Pocket note');
  await page.goto('/notes');
  await expect(page.getByTestId('note-card').filter({ hasText: 'Pocket note' })).toBeVisible({
    timeout: 30_000,
  });
  await deleteFromCard(page, 'Pocket note');
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 20_000 });
  // The notes screen's new Trash link fits the narrow window too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // "What the device knows" includes the app itself: offline, the Trash screen's files come from the service
  // worker's cache, which a loaded machine may still be filling when the note's deletion has synced.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(
    page.getByText('Could not reach the server: showing the deleted notes this device knows about.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Restore “Pocket note”' }).click();
  await expect(page.getByText('Note restored')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await context.setOffline(false);
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/notes')).json()) as ServerNote[]).map((n) => n.title),
      {
        timeout: 30_000,
      },
    )
    .toEqual(['Pocket note']);
});

test('History holds the version before every save: the "Tomatoes" version before a rewrite minutes later', async ({
  page,
}) => {
  const created = await page.request.post('/api/notes', {
    data: { title: 'Shopping', content: 'Bread\nMilk\n', tags: [] },
  });
  let note = (await created.json()) as ServerNote;
  // Several saves within a few minutes: adding Tomatoes, a small edit, then a rewrite of most of the text.
  for (const content of ['Bread\nMilk\nTomatoes\n', 'Bread\nMilk\nTomatoes\nEggs\n', 'Call the plumber\n']) {
    const saved = await page.request.put(`/api/notes/${note.id}`, {
      data: { content, baseVersion: note.version },
    });
    expect(saved.ok()).toBe(true);
    note = (await saved.json()) as ServerNote;
  }
  await page.goto(`/notes?view=${note.id}`);
  const viewer = page.getByTestId('note-viewer');
  await expect(viewer.getByText('Call the plumber')).toBeVisible({ timeout: 30_000 });
  await viewer.getByRole('button', { name: 'History' }).click();
  const versions = viewer.getByRole('list', { name: 'Earlier versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  await expect(versions.getByText('Version 3 · Before a large rewrite')).toBeVisible();
  await versions.getByText('Version 3 · Before a large rewrite').click();
  await expect(viewer.getByRole('group', { name: 'Differences from the current text' })).toContainText(
    'Tomatoes',
  );
  await versions.getByText('Version 2 · Before later edits').click();
  await expect(viewer.getByRole('group', { name: 'Differences from the current text' })).toContainText(
    'Tomatoes',
  );
});

test('the Trash screen and its confirmation have no serious accessibility violations', async ({ page }) => {
  await noteWithHistory(page, 'Readable');
  const [note] = (await (await page.request.get('/api/notes')).json()) as ServerNote[];
  expect((await page.request.delete(`/api/notes/${note!.id}`)).status()).toBe(204);
  await page.goto('/trash');
  await expect(page.getByRole('heading', { name: 'Readable' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Empty trash' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Readable' })).toBeVisible();
});
