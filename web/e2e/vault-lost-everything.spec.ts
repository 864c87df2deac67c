// "I have lost my passphrase and recovery key": from the unlock dialog, an honest explanation, Cancel changes
// nothing, a typed confirmation, then every locked note (the Trash too) is deleted on the server and here, the
// vault header goes, plain notes stay, and locked notes can be set up again in Settings.
import { unlockVault } from '@private-notes/shared/vault';
import { expect, test } from './fixtures.ts';
import { ensureVault, serverNotes, VAULT_PASSPHRASE } from './vault-helpers.ts';

test('lost passphrase and recovery key: locked notes deleted everywhere after a typed confirmation', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  await ensureVault(page);
  const { header } = (await (await page.request.get('/api/vault')).json()) as { header: unknown };
  const vault = await unlockVault(header, VAULT_PASSPHRASE);
  const ids: number[] = [];
  for (const i of [1, 2, 3]) {
    const clientId = `nlost${Date.now().toString(36)}x${i}`;
    const content = vault.lockNote(clientId, { title: `Lost ${i}`, content: 'gone', tags: [] });
    const made = await page.request.post('/api/notes', { data: { title: '', content, tags: [], clientId } });
    ids.push(((await made.json()) as { id: number }).id);
  }
  vault.forget();
  // One of them in the Trash; a plain note beside them.
  expect((await page.request.delete(`/api/notes/${ids[2]}`)).ok()).toBe(true);
  await page.request.post('/api/notes', { data: { title: 'Plain survivor', content: 'stays', tags: [] } });

  await page.goto('/notes');
  await page.getByRole('button', { name: 'Unlock locked notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock locked notes' });
  const lost = dialog.getByRole('button', { name: 'I have lost my passphrase and recovery key' });
  await lost.click();
  const form = dialog.getByRole('form', { name: 'Delete all locked notes' });
  await expect(form).toContainText('nobody can open your locked notes');
  await expect(form.getByLabel('Type DELETE LOCKED NOTES to confirm')).toBeFocused();
  // Cancel: nothing changes, focus goes back.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(lost).toBeFocused();
  expect(
    ((await (await page.request.get('/api/vault')).json()) as { version: number }).version,
  ).toBeGreaterThan(0);

  await lost.click();
  const confirm = form.getByRole('button', { name: 'Delete all locked notes' });
  await form.getByLabel('Type DELETE LOCKED NOTES to confirm').fill('delete');
  await expect(confirm).toBeDisabled();
  await form.getByLabel('Type DELETE LOCKED NOTES to confirm').fill('DELETE LOCKED NOTES');
  await confirm.click();
  await expect(page.getByText('Locked notes deleted', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('Locked notes are not set up on this account yet');

  expect(await (await page.request.get('/api/vault')).json()).toEqual({ header: null, version: 0 });
  const left = await serverNotes(page);
  expect(left.some((n) => n.content.startsWith('pnlocked.'))).toBe(false);
  expect(left.map((n) => n.title)).toContain('Plain survivor');
  const trash = (await (await page.request.get('/api/trash')).json()) as Array<{ content: string }>;
  expect(trash.some((n) => n.content.startsWith('pnlocked.'))).toBe(false);

  // Not a dead end: locked notes can be set up again.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Open note: Locked note' })).toHaveCount(0);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Locked notes' }).click();
  await expect(page.getByRole('form', { name: 'Set up locked notes' })).toBeVisible();
});
