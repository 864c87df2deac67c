// Locked notes from the editor: "New locked note" opened and cancelled leaves nothing behind (as a plain new
// note); saved, it is created locked; Lock note / Unlock note inside the editor save its text first.
import { expect, test } from './fixtures.ts';
import { ensureVault, newNote, serverNotes, unlockFromNotes } from './vault-helpers.ts';

test.beforeEach(async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn();
  await ensureVault(page);
  await page.goto('/notes');
  await unlockFromNotes(page);
});

test('"New locked note" cancelled leaves no note behind; saved, it is created locked', async ({ page }) => {
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });
  const before = (await serverNotes(page)).length;
  const cards = await page.getByTestId('note-card').count();

  await page.getByRole('button', { name: 'New locked note' }).click();
  const editor = page.getByTestId('note-editor');
  await expect(editor.getByRole('heading', { name: 'New locked note' })).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toHaveCount(0);
  // Typed, then discarded: nothing either.
  await page.getByRole('button', { name: 'New locked note' }).click();
  await page.getByLabel('Content').fill('never kept: walrus-marker-3301');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: /Discard/ }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('note-card')).toHaveCount(cards);
  await page.waitForTimeout(1500);
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });
  expect((await serverNotes(page)).length).toBe(before);

  await page.getByRole('button', { name: 'New locked note' }).click();
  await page.getByLabel('Title').fill('Kept locked');
  await page.getByLabel('Content').fill('kept: narwhal-marker-4412');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Open locked note: Kept locked' })).toBeVisible();
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });
  const after = await serverNotes(page);
  expect(after.length).toBe(before + 1);
  expect(JSON.stringify(after)).not.toContain('narwhal-marker');
});

test('Lock note and Unlock note inside the editor save the text on screen first', async ({ page }) => {
  const title = `Editor lock ${Date.now()}`;
  await newNote(page, title, 'first text');
  const card = page.getByTestId('note-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Edit Note' }).click();
  const editor = page.getByTestId('note-editor');
  await page.getByLabel('Content').fill('typed then locked: puffin-marker-9071');
  await editor.getByRole('button', { name: 'Lock note' }).click();
  await expect(page.getByText('Note locked', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(editor.getByRole('button', { name: 'Unlock note' })).toBeVisible();
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });
  let stored = await serverNotes(page);
  expect(JSON.stringify(stored)).not.toContain('puffin-marker');
  expect(JSON.stringify(stored)).not.toContain(title);
  expect(await page.getByLabel('Content').inputValue()).toBe('typed then locked: puffin-marker-9071');

  await page.getByLabel('Content').fill('typed then unlocked: gannet-marker-2206');
  await editor.getByRole('button', { name: 'Unlock note' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Make this note plain again?' });
  await dialog.getByRole('button', { name: 'Unlock note' }).click();
  await expect(page.getByText('The note is no longer locked')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Lock note' })).toBeVisible();
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });
  stored = await serverNotes(page);
  const plain = stored.find((n) => n.title === title);
  expect(plain?.content).toBe('typed then unlocked: gannet-marker-2206');
});
