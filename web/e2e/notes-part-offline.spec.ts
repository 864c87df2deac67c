// Issue 35, point 6: a control whose part of the screen loads as a chunk of its own (the delete confirmation,
// Study Mode), pressed offline before that chunk reached the device (a first visit, the connection gone before
// the page preloaded it and before the service worker saved it), says why it cannot open and leaves the
// screen as it was; once back online the same press opens it. It used to replace the whole screen with
// "Something went wrong: Failed to fetch dynamically imported module" (a fresh-clone CI run, 2026-11-28).
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// No service worker: its precache would hold every chunk, and this is the moment before it has.
test.use({ serviceWorkers: 'block' });

/** Keeps the chunks whose names match from arriving until the returned function is called. */
async function holdChunks(context: BrowserContext, pattern: RegExp) {
  let held = true;
  await context.route(pattern, (route) => (held ? route.abort('internetdisconnected') : route.continue()));
  return () => {
    held = false;
  };
}

test('Delete Note pressed offline before its dialog is on the device says so; online again it opens', async ({
  page,
  context,
  signIn,
}) => {
  await signIn();
  const title = `Part offline ${Math.random().toString(36).slice(2, 8)}`;
  const created = await page.request.post('/api/notes', {
    data: { title, content: 'Still here.', tags: [] },
  });
  expect(created.status()).toBe(201);
  const release = await holdChunks(context, /\/assets\/DeleteNoteDialog-[^/]*\.js$/);
  await page.goto('/notes');
  const card = page.getByTestId('note-card').filter({ hasText: title });
  await expect(card).toBeVisible({ timeout: 20_000 });
  // The notes are on the device; only the part's chunk is not.
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 30_000 });

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Delete Note' }).click();
  await expect(page.getByText('Could not open the delete confirmation')).toBeVisible();
  await expect(
    page.getByText('It has not been saved on this device yet. Connect to the internet and try again.'),
  ).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The screen goes on working: the note opens and closes.
  await expect(card).toBeVisible();

  release();
  await context.setOffline(false);
  await card.getByRole('button', { name: 'Delete Note' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this note?' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();
});

test('Study Mode pressed offline before it is on the device says so; online again it opens', async ({
  page,
  context,
  signIn,
}) => {
  await signIn();
  const title = `Study offline ${Math.random().toString(36).slice(2, 8)}`;
  const created = await page.request.post('/api/notes', {
    data: { title, content: 'Photosynthesis turns light into sugar in the chloroplasts.', tags: [] },
  });
  expect(created.status()).toBe(201);
  const release = await holdChunks(context, /\/assets\/StudyMode-[^/]*\.js$/);
  await page.goto('/notes');
  const card = page.getByTestId('note-card').filter({ hasText: title });
  await expect(card).toBeVisible({ timeout: 20_000 });
  // The notes are on the device; only the part's chunk is not.
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 30_000 });

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Study Mode' }).click();
  await expect(page.getByText('Could not open Study Mode')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(card).toBeVisible();

  release();
  await context.setOffline(false);
  await card.getByRole('button', { name: 'Study Mode' }).click();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
});
