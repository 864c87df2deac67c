// The notes screen in real Chromium against the real server: create, edit, search, filter, sort, view and delete
// notes with the spec's texts; the sync status; the N shortcut; /notes?view={id}; the draft after a reload.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function createThroughEditor(page: Page, title: string, content: string, tags = '') {
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
  if (tags) await page.getByLabel('Tags (comma separated)').fill(tags);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
}

/** Notes as the server has them (the sync engine's work, seen from outside). */
async function serverTitles(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/notes');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Array<{ title: string }>).map((n) => n.title).sort();
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  // One server serves every test; each starts from an empty account (and a fresh browser profile).
  const notes = (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>;
  for (const note of notes) await page.request.delete(`/api/notes/${note.id}`);
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
});

test('empty state, create, edit, view and delete a note with the spec texts', async ({ page }) => {
  await expect(page.getByText('Manage your personal notes and knowledge collection')).toBeVisible();
  // A new device says "No notes yet" only once its first sync has found none (first-sync.spec.ts).
  await expect(page.getByText('No notes yet')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('0 notes')).toBeVisible();

  await page.getByRole('button', { name: 'Create your first note' }).click();
  await expect(page.getByText('New document')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Title').fill('Groceries');
  await expect(page.getByText('Unsaved changes').first()).toBeVisible();
  await expect(save).toBeDisabled(); // content still empty
  await page.getByLabel('Content').fill('# List\n\nmilk and bread');
  await expect(page.getByText('5 words')).toBeVisible(); // '#' is a token too: whitespace-separated
  await expect(page.getByText('1 min read')).toBeVisible();
  await page.getByLabel('Tags (comma separated)').fill('home, food,,  errands ');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByTestId('editor-preview').getByRole('heading', { name: 'List' })).toBeVisible();
  await save.click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
  await expect(page.getByText('Your new note has been added to your collection.')).toBeVisible();
  await expect(page.getByText('1 note', { exact: true })).toBeVisible();

  const card = page.getByTestId('note-card').filter({ hasText: 'Groceries' });
  await expect(card.getByText('milk and bread')).toBeVisible();
  await expect(card.getByText('home')).toBeVisible();
  await expect(card.getByText('errands')).toBeVisible();

  // The sync engine delivers it; the status says so.
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 15_000 });
  expect(await serverTitles(page)).toEqual(['Groceries']);

  // Viewer: metadata and a contents sidebar (the note has a heading).
  await card.getByText('milk and bread').click();
  const viewer = page.getByTestId('note-viewer');
  await expect(viewer.getByRole('heading', { name: 'Groceries' })).toBeVisible();
  await expect(viewer.getByTestId('note-contents').getByText('List')).toBeVisible();
  await viewer.getByRole('button', { name: 'Edit Note' }).click();
  await expect(viewer).toBeHidden();

  await expect(page.getByText('No changes').first()).toBeVisible();
  await page.getByLabel('Title').fill('Groceries for Sunday');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note updated successfully')).toBeVisible();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 15_000 });
  expect(await serverTitles(page)).toEqual(['Groceries for Sunday']);

  await page.getByTestId('note-card').getByRole('button', { name: 'Delete Note' }).click();
  await expect(page.getByText('Are you sure you want to delete this note?')).toBeVisible();
  // Intentionally new with the Trash (DECISIONS): a delete is restorable for 30 days, and the texts say so.
  await expect(
    page.getByText('The note moves to the Trash, where you can restore it with its history for 30 days.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Note moved to Trash')).toBeVisible();
  await expect(page.getByText('You can restore it from the Trash for 30 days.')).toBeVisible();
  await expect(page.getByText('No notes yet')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 15_000 });
  expect(await serverTitles(page)).toEqual([]);
});

test('search, tag filter, sort and the empty states', async ({ page }) => {
  await createThroughEditor(page, 'Alpha plan', 'first body about rockets', 'space, work');
  await createThroughEditor(page, 'Beta recipe', 'pancakes with syrup', 'food');
  await createThroughEditor(page, 'Gamma notes', 'more about rockets and fuel', 'space');
  const titles = () => page.getByTestId('note-card').locator('h3').allTextContents();
  // Default sort: recently updated first (the list follows the database a moment after the save: polled).
  await expect.poll(titles).toEqual(['Gamma notes', 'Beta recipe', 'Alpha plan']);

  await page.getByRole('button', { name: 'Search & Filter' }).click();
  await expect(page.getByRole('button', { name: 'Hide Filters' })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('ROCKETS');
  // Best match first now (the two mention it once each): compared as a set.
  await expect.poll(async () => (await titles()).sort()).toEqual(['Alpha plan', 'Gamma notes']);
  await page.getByLabel('Search', { exact: true }).fill('zebra');
  await expect(page.getByText('No results for "zebra"')).toBeVisible();
  await page.getByRole('button', { name: 'View all notes' }).click();
  await expect.poll(titles).toHaveLength(3);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');

  await page.getByRole('button', { name: 'space', exact: true }).click();
  await expect.poll(titles).toEqual(['Gamma notes', 'Alpha plan']);
  await page.getByRole('button', { name: 'work', exact: true }).click();
  await expect.poll(titles).toEqual(['Alpha plan']);
  await page.getByRole('button', { name: 'space', exact: true }).click();
  await page.getByRole('button', { name: 'work', exact: true }).click();

  await page.getByLabel('Sort by').selectOption('title-asc');
  await expect.poll(titles).toEqual(['Alpha plan', 'Beta recipe', 'Gamma notes']);
  await page.getByLabel('Sort by').selectOption('title-desc');
  await expect.poll(titles).toEqual(['Gamma notes', 'Beta recipe', 'Alpha plan']);
  await page.getByLabel('Sort by').selectOption('created-asc');
  await expect.poll(titles).toEqual(['Alpha plan', 'Beta recipe', 'Gamma notes']);
  await page.getByLabel('Date range').selectOption('week');
  await expect.poll(titles).toHaveLength(3);

  // List view and grid view.
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByTestId('notes-collection')).toHaveAttribute('data-view', 'list');
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByTestId('notes-collection')).toHaveAttribute('data-view', 'grid');
});

test('the N shortcut, /notes?view={id}, and a draft restored after a reload mid-edit', async ({ page }) => {
  await page.keyboard.press('n');
  await expect(page.getByText('New document')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await createThroughEditor(page, 'Linked note', 'opened by its server id');
  // On the server (the status may still say "All changes synced" from before the save: the note is waited for).
  const onServer = async () => (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>;
  await expect.poll(async () => (await onServer()).length, { timeout: 15_000 }).toBe(1);
  const [note] = await onServer();
  await page.goto(`/notes?view=${note!.id}`);
  await expect(page.getByTestId('note-viewer').getByRole('heading', { name: 'Linked note' })).toBeVisible();
  await page.getByTestId('note-viewer').getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('note-card').getByRole('button', { name: 'Edit Note' }).click();
  await page.getByLabel('Content').fill('typed before the reload');
  await expect(page.getByText('Editing...')).toBeVisible();
  await expect(page.getByText('Draft saved')).toBeVisible({ timeout: 8_000 });
  await page.reload();
  await expect(page.getByLabel('Content')).toHaveValue('typed before the reload');
  await expect(page.getByLabel('Title')).toHaveValue('Linked note');
  await expect(page.getByText('Unsaved changes').first()).toBeVisible();
});
