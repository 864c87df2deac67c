// An open note viewer whose note is deleted on another device: it stays open on the text, says so, and offers
// Keep a copy (a new note with that text, synced) and Close. Before, the viewer simply vanished.
import type { Page } from '@playwright/test';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { createServerNote, noteCard } from './study-fixtures.ts';
import { serverNotes } from './tabs-helpers.ts';

/** Well under the periodic sync's minute: only the live channel can bring the delete this fast. */
const LIVE = { timeout: 10_000 };

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
});

/** Device B (another browser profile) with the viewer open on `title`. */
async function viewerOnB(page: Page, title: string, text: string) {
  const context = await page.context().browser()!.newContext();
  const b = await context.newPage();
  expect((await b.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await b.goto('/notes');
  await noteCard(b, title).getByText(text).click();
  const viewer = b.getByTestId('note-viewer');
  await expect(viewer.getByText(text)).toBeVisible();
  return { context, b, viewer };
}

test('a note deleted on another device while open in the viewer says so and keeps a copy', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = `Viewed here ${Date.now()}`;
  const text = 'Words worth keeping.';
  const { id } = await createServerNote(page, { title, content: text });
  const { context, b, viewer } = await viewerOnB(page, title, text);

  expect((await page.request.delete(`/api/notes/${id}?version=1`)).ok()).toBe(true);
  const notice = viewer.getByTestId('viewer-deleted-notice');
  await expect(notice).toContainText('This note was deleted in another tab or on another device.', LIVE);
  await expect(viewer.getByText(text)).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Edit Note' })).toHaveCount(0);

  await notice.getByRole('button', { name: 'Keep a copy' }).click();
  // The toast is outside the modal viewer (hidden from the accessibility tree while it is open): by its text.
  await expect(b.getByText('Copy kept', { exact: true })).toBeVisible();
  // The viewer now shows the copy: the same text, no longer deleted.
  await expect(viewer.getByTestId('viewer-deleted-notice')).toHaveCount(0);
  await expect(viewer.getByText(text)).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Edit Note' })).toBeVisible();
  await expect
    .poll(async () => (await serverNotes(page)).map((note) => `${note.title}|${note.content}`), {
      timeout: 30_000,
    })
    .toEqual([`${title}|${text}`]);
  await context.close();
});

test('Close leaves the viewer of a note deleted on another device, and the note is gone', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = `Viewed and gone ${Date.now()}`;
  const text = 'Nothing to keep here.';
  const { id } = await createServerNote(page, { title, content: text });
  const { context, b, viewer } = await viewerOnB(page, title, text);

  expect((await page.request.delete(`/api/notes/${id}?version=1`)).ok()).toBe(true);
  const notice = viewer.getByTestId('viewer-deleted-notice');
  await expect(notice).toBeVisible(LIVE);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(b.getByTestId('note-viewer')).toHaveCount(0);
  await expect(noteCard(b, title)).toHaveCount(0);
  expect(await serverNotes(page)).toEqual([]);
  await context.close();
});
