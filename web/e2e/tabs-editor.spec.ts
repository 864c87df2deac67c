// Tabs are devices too (issue 31): two pages of one browser context share one IndexedDB, like two tabs. A save
// never replaces text its editor has not seen, an open editor follows its note as it changes in another tab
// (merging into unsaved text, or keeping both), and a note deleted in another tab while open says so.
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { expect, test } from './fixtures.ts';
import {
  card,
  historyTexts,
  openEditor,
  openNotes,
  serverNotes,
  status,
  toast,
  typeLine,
} from './tabs-helpers.ts';

let title = '';

/** The contents of every note row in this browser's database (read with IndexedDB itself). */
function localNoteContents(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('private-notes');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const all = request.result.transaction('notes').objectStore('notes').getAll();
      all.onsuccess = () => resolve((all.result as Array<{ content: string }>).map((row) => row.content));
      all.onerror = () => reject(all.error);
    };
  });
}

async function createNote(page: Page, content: string): Promise<number> {
  const response = await page.request.post('/api/notes', { data: { title, content, tags: [] } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function saveIn(page: Page, content: string): Promise<void> {
  await page.getByLabel('Content').fill(content);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Note updated successfully')).toBeVisible();
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
  title = `Groceries ${Date.now()}`;
});

test.afterEach(async ({ page }) => {
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
});

test("the issue's two tabs, offline: tab 1 saves milk, tab 2 adds bread; both are kept, on the server too", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const id = await createNote(page, 'eggs');
  const tab2 = await context.newPage();
  await openNotes(page);
  await openNotes(tab2);
  await openEditor(tab2, title);
  await context.setOffline(true);
  await expect(status(page)).toContainText('Offline');

  await openEditor(page, title);
  await saveIn(page, 'eggs\nmilk');
  // Tab 2 adds bread and saves.
  await typeLine(tab2, 'bread');
  await tab2.getByRole('button', { name: 'Save' }).click();
  await expect(
    toast(tab2, 'Note updated successfully').or(toast(tab2, 'Saved as a conflicted copy')),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
  await expect(status(tab2)).toHaveText('All changes synced', { timeout: 30_000 });
  // Nothing typed is lost: milk and bread are both on the server, and the note's History holds the eggs.
  const onServer = (await serverNotes(page)).map((note) => note.content).join('\n');
  expect(onServer).toContain('milk');
  expect(onServer).toContain('bread');
  expect(await historyTexts(page, id)).toContain('eggs');
  // And in this browser's database.
  const contents = await page.evaluate(localNoteContents);
  expect(contents.join('\n')).toContain('milk');
  expect(contents.join('\n')).toContain('bread');
});

test('an editor with unsaved text keeps it when another tab saves an overlapping change: both are kept', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const id = await createNote(page, 'eggs');
  const tab2 = await context.newPage();
  await openNotes(page);
  await openNotes(tab2);
  await openEditor(tab2, title);
  await typeLine(tab2, 'bread');

  await openEditor(page, title);
  await saveIn(page, 'eggs\nmilk');

  // Tab 2 says so at once, and keeps its own text.
  const notice = tab2.getByTestId('editor-remote-notice');
  await expect(notice).toContainText('changed in another tab or on another device');
  await expect(tab2.getByLabel('Content')).toHaveValue('eggs\nbread');
  await tab2.getByRole('button', { name: 'Save' }).click();
  await expect(toast(tab2, 'Saved as a conflicted copy')).toBeVisible();

  // The sync status shows the conflict, as for two devices.
  await expect(status(tab2)).toHaveText('1 conflict', { timeout: 30_000 });
  await expect.poll(async () => (await serverNotes(page)).length).toBe(2);
  const kept = await serverNotes(page);
  expect(kept.find((note) => note.id === id)?.content).toBe('eggs\nmilk');
  const copy = kept.find((note) => note.id !== id);
  expect(copy?.title).toMatch(/^Groceries \d+ \(conflicted copy .*\)$/);
  expect(copy?.content).toBe('eggs\nbread');
  expect(await historyTexts(page, id)).toContain('eggs');
  // The conflict shows in the list as any other, ready to compare.
  await expect(tab2.getByRole('region', { name: 'Conflicts' })).toBeVisible();
});

test('an editor with unsaved text takes in a change another tab saved to another paragraph', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await createNote(page, 'eggs\n\nflour');
  const tab2 = await context.newPage();
  await openNotes(page);
  await openNotes(tab2);
  await openEditor(tab2, title);
  await typeLine(tab2, 'sugar');
  await expect(tab2.getByLabel('Content')).toHaveValue('eggs\n\nflour\nsugar');

  await openEditor(page, title);
  await saveIn(page, 'eggs, milk\n\nflour');

  // Merged into the open editor, still unsaved, and said so.
  await expect(tab2.getByLabel('Content')).toHaveValue('eggs, milk\n\nflour\nsugar');
  await expect(tab2.getByTestId('editor-remote-notice')).toContainText('Merged');
  await expect(tab2.getByTestId('editor-header-status')).toHaveText('Unsaved changes');
  await tab2.getByRole('button', { name: 'Save' }).click();
  await expect(toast(tab2, 'Note updated successfully')).toBeVisible();
  await expect
    .poll(async () => (await serverNotes(page)).map((note) => note.content), { timeout: 30_000 })
    .toEqual(['eggs, milk\n\nflour\nsugar']);
});

test('an editor without changes simply follows a save in another tab', async ({ page, context }) => {
  await createNote(page, 'eggs');
  const tab2 = await context.newPage();
  await openNotes(page);
  await openNotes(tab2);
  await openEditor(tab2, title);
  await openEditor(page, title);
  await saveIn(page, 'eggs\nmilk');
  await expect(tab2.getByLabel('Content')).toHaveValue('eggs\nmilk');
  await expect(tab2.getByTestId('editor-header-status')).toHaveText('No changes');
});

test('a note deleted in another tab while open says so and offers to keep a copy', async ({
  page,
  context,
}) => {
  await createNote(page, 'eggs');
  const tab2 = await context.newPage();
  await openNotes(page);
  await openNotes(tab2);
  await openEditor(tab2, title);
  await typeLine(tab2, 'bread');

  await card(page, title).getByRole('button', { name: 'Delete Note' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Note moved to Trash')).toBeVisible();

  // Tab 2 stays in its editor, on its text, and says what happened.
  const notice = tab2.getByTestId('editor-remote-notice');
  await expect(notice).toContainText('deleted in another tab or on another device');
  await expect(tab2.getByLabel('Content')).toHaveValue('eggs\nbread');
  await notice.getByRole('button', { name: 'Keep a copy' }).click();
  await expect(toast(tab2, 'Copy kept')).toBeVisible();
  await expect(card(tab2, title)).toContainText('bread');
  await expect
    .poll(async () => (await serverNotes(page)).map((note) => `${note.title}|${note.content}`), {
      timeout: 30_000,
    })
    .toEqual([`${title}|eggs\nbread`]);
});

test('a draft typed over an older version merges with what another device saved since', async ({ page }) => {
  test.setTimeout(60_000);
  // Auto-save off: leaving the editor keeps the text as a draft only.
  await page.request.put('/api/user/settings', { data: { ...DEFAULT_SETTINGS, autoSaveInterval: 0 } });
  const id = await createNote(page, 'eggs\n\nflour');
  await openNotes(page);
  await openEditor(page, title);
  await typeLine(page, 'sugar');
  await page.waitForTimeout(1000);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByTestId('notes-screen')).toHaveCount(0);

  // Another device changes the first paragraph; this one pulls it when the notes screen loads again.
  const edit = await page.request.put(`/api/notes/${id}`, {
    data: { content: 'eggs, milk\n\nflour', baseVersion: 1 },
  });
  expect(edit.ok()).toBe(true);
  await openNotes(page);
  await expect(card(page, title)).toContainText('milk');
  await openEditor(page, title);
  await expect(page.getByTestId('restored-draft')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  // Merged as the editor opened (it follows its note) or as it saved: either way both changes are kept.
  await expect(toast(page, 'Note updated successfully')).toBeVisible();
  await expect
    .poll(async () => (await serverNotes(page)).map((note) => note.content), { timeout: 30_000 })
    .toEqual(['eggs, milk\n\nflour\nsugar']);
});
