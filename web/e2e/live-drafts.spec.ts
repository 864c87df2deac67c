// A new note's text left by a reload mid-edit (auto-save on, the default) becomes a note as soon as the editor
// reopens on it, so the owner's other devices see it (issue 31, point 5: "a draft restored after a reload is
// saved ... so another device sees it"). Left inside the app, it stays a draft card on this device.
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { noteCard } from './study-fixtures.ts';
import { serverNotes } from './tabs-helpers.ts';

const LIVE = { timeout: 15_000 };

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
});

test("a new note's text left by a reload is saved when the editor reopens, and shows on another device", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const context = await page.context().browser()!.newContext();
  const b = await context.newPage();
  expect((await b.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await b.goto('/notes');
  await expect(b.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 15_000 });

  await page.goto('/notes');
  await page.getByRole('button', { name: 'New Note' }).click();
  const title = `Typed then reloaded ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByLabel('Content').fill('passport\ncharger');
  await page.waitForTimeout(1000);
  await page.reload();

  // The editor comes back on the text, now a saved note (the editor stays open on it).
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title, { timeout: 15_000 });
  await expect(page.getByLabel('Content')).toHaveValue('passport\ncharger');
  await expect(page.getByTestId('editor-header-status')).toHaveText('No changes', LIVE);
  await expect(noteCard(b, title)).toContainText('passport', LIVE);
  expect((await serverNotes(page)).map((note) => `${note.title}|${note.content}`)).toEqual([
    `${title}|passport\ncharger`,
  ]);
  await context.close();
});

test('with auto-save off, a new note left by a reload stays a draft on this device', async ({ page }) => {
  await page.request.put('/api/user/settings', { data: { ...DEFAULT_SETTINGS, autoSaveInterval: 0 } });
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Not yet a note');
  await page.getByLabel('Content').fill('maybe');
  await page.waitForTimeout(1000);
  await page.reload();
  await expect(page.getByLabel('Content')).toHaveValue('maybe', { timeout: 15_000 });
  await expect(page.getByTestId('restored-draft')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await serverNotes(page)).toEqual([]);
});
