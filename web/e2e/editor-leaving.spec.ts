// No button and no link drops typed text (issue 31, point 5): Cancel on changed text asks first ("Discard
// changes?", keyboard and all); a new note left unsaved (an in-app link, Cancel kept, a reload) shows in the
// list as a draft card to open, save or discard; a note's text restored after a reload is saved (auto-save on)
// and reaches the server without the owner having to leave the editor again.
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { expect, test } from './fixtures.ts';
import { card, openEditor, openNotes, serverNotes, toast } from './tabs-helpers.ts';

let title = '';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const draftCard = (page: Page) => page.getByTestId('draft-card');

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
  title = `Groceries ${Date.now()}`;
  const created = await page.request.post('/api/notes', { data: { title, content: 'Tomatoes', tags: [] } });
  expect(created.status()).toBe(201);
});

test('Cancel on changed text asks "Discard changes?"; Escape keeps the text, Discard drops it', async ({
  page,
}) => {
  await openNotes(page);
  await openEditor(page, title);
  await page.getByLabel('Content').fill('Tomatoes and basil');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(dialog).toBeVisible();
  // The safe answer has the focus; Escape is "keep editing".
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Content')).toHaveValue('Tomatoes and basil');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('note-editor')).toHaveCount(0);
  await expect(card(page, title)).toContainText('Tomatoes');
  await expect(card(page, title)).not.toContainText('basil');

  // Unchanged text: Cancel closes at once.
  await openEditor(page, title);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('note-editor')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a new note left through an in-app link shows as a draft card to open, save or discard', async ({
  page,
}) => {
  await openNotes(page);
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Packing list');
  await page.getByLabel('Content').fill('passport\ncharger');
  // Left within a moment of typing.
  await nav(page).getByRole('link', { name: 'Blog Admin' }).click();
  await expect(page).toHaveURL('/blog/admin');
  await expect(page.getByTestId('notes-screen')).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'My Notes' }).click();

  const draft = draftCard(page);
  await expect(draft).toContainText('Packing list');
  await expect(draft).toContainText('passport');
  await expect(draft).toContainText('Unsaved draft');
  await draft.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Packing list');
  await expect(page.getByLabel('Content')).toHaveValue('passport\ncharger');
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByTestId('notes-screen')).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'My Notes' }).click();

  await draftCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Note created successfully')).toBeVisible();
  await expect(draftCard(page)).toHaveCount(0);
  await expect(card(page, 'Packing list')).toContainText('passport');
  await expect
    .poll(async () => (await serverNotes(page)).find((note) => note.title === 'Packing list')?.content, {
      timeout: 30_000,
    })
    .toBe('passport\ncharger');
});

test('a draft card can be discarded, with Undo', async ({ page }) => {
  await openNotes(page);
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Stray thought');
  await page.getByLabel('Content').fill('maybe later');
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByTestId('notes-screen')).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'My Notes' }).click();
  await draftCard(page).getByRole('button', { name: 'Discard' }).click();
  await expect(draftCard(page)).toHaveCount(0);
  await toast(page, 'Draft discarded').getByRole('button', { name: 'Undo' }).click();
  await expect(draftCard(page)).toContainText('Stray thought');
});

test('Cancel on a new note with text asks too, and Discard leaves no draft behind', async ({ page }) => {
  await openNotes(page);
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Throwaway');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(page.getByTestId('note-editor')).toHaveCount(0);
  await expect(draftCard(page)).toHaveCount(0);
});

test('reload mid-edit: the restored text is saved and reaches the server without leaving the editor', async ({
  page,
}) => {
  await openNotes(page);
  await openEditor(page, title);
  await page.getByLabel('Content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' and basil', { delay: 20 });
  await page.waitForTimeout(1000);
  await page.reload();
  await expect(page.getByLabel('Content')).toHaveValue('Tomatoes and basil', { timeout: 15_000 });
  // Still in the editor: the note itself is saved and synced (auto-save is on by default).
  await expect
    .poll(async () => (await serverNotes(page)).find((note) => note.title === title)?.content, {
      timeout: 30_000,
    })
    .toBe('Tomatoes and basil');
  await expect(page.getByTestId('note-editor')).toBeVisible();
});
