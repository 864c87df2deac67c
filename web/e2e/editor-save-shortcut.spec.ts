// Ctrl+S in the editor saves and stays in the editor: a new note is created and the editor stays open on it;
// an existing note is saved in place. The Save button still saves and closes.
import { expect, test } from './fixtures.ts';

test('Ctrl+S saves and keeps the editor open, for a new note and then for the saved one', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New Note' }).click();
  const title = `Kept open ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('First words.');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Note created successfully')).toBeVisible();
  // Still writing: the editor is open on the saved note.
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Content')).toHaveValue('First words.');
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();

  await page.getByLabel('Content').fill('First words. Second words.');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Note saved', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Content')).toHaveValue('First words. Second words.');
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();

  // Leaving with Cancel keeps what Ctrl+S saved: one note, with the second words.
  await page.getByRole('button', { name: 'Cancel' }).click();
  const cards = page.getByTestId('note-card').filter({ hasText: title });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Second words.');
});
