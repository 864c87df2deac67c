// History and Trash of a locked note: the server keeps only ciphertext versions; the unlocked device shows them
// decrypted, restores one (sealed again), and a deleted locked note waits in the Trash and comes back locked.
import { expect, test } from './fixtures.ts';
import { newLockedNoteUnlocked, serverNotes } from './vault-helpers.ts';

const TITLE = 'Locked history';

test('a locked note’s History is read and restored on the device; Trash and Restore keep it locked', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  const before = (await serverNotes(page)).length;
  await newLockedNoteUnlocked(page, TITLE, 'first locked draft');
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveText('All changes synced', { timeout: 20_000 });
  // The first text reached the server as its own version before the edit (else the two are one write).
  await expect.poll(async () => (await serverNotes(page)).length, { timeout: 20_000 }).toBe(before + 1);
  const card = page.getByTestId('note-card').filter({ hasText: TITLE });
  await card.getByRole('button', { name: 'Edit Note' }).click();
  await page.getByLabel('Content').fill('second locked draft');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(status).toHaveText('All changes synced', { timeout: 20_000 });

  await card.getByRole('button', { name: `Open locked note: ${TITLE}` }).click();
  const viewer = page.getByTestId('note-viewer');
  await viewer.getByRole('button', { name: 'History' }).click();
  await expect(viewer.getByRole('group', { name: 'Differences from the current text' })).toContainText(
    'first locked draft',
  );
  await viewer.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Version restored')).toBeVisible();
  await expect(viewer).toContainText('first locked draft');
  await expect(status).toHaveText('All changes synced', { timeout: 20_000 });
  expect(JSON.stringify(await serverNotes(page))).not.toContain('locked draft');
  await viewer.getByRole('button', { name: 'Close' }).click();

  await card.getByRole('button', { name: 'Delete Note' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('link', { name: 'Trash' }).click();
  const deleted = page.getByRole('list', { name: 'Deleted notes' });
  await expect(deleted.getByRole('heading', { name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: `Restore “${TITLE}”` }).click();
  await expect(page.getByText('Note restored')).toBeVisible();
  await page.getByRole('link', { name: 'Back to notes' }).click();
  await expect(page.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();
  await expect(status).toHaveText('All changes synced', { timeout: 20_000 });
  const stored = await serverNotes(page);
  expect(stored.some((note) => note.content.startsWith('pnlocked.1'))).toBe(true);
  expect(JSON.stringify(stored)).not.toContain(TITLE);
});
