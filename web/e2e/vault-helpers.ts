// Locked notes in the browser tests: one vault per test server, made once (through the app's Settings by
// vault-a-locked-notes.spec.ts, or here through the API when another spec runs alone), always left with
// VAULT_PASSPHRASE so every vault spec can unlock it.
import type { Page } from '@playwright/test';
import { createVault } from '@private-notes/shared/vault';
import { expect } from './fixtures.ts';

export const VAULT_PASSPHRASE = 'orbit velvet canyon lantern pickle';
/** Cheap Argon2id for tests (the header records it; the default is 64 MiB). */
const TEST_COST = { memoryKiB: 8192, iterations: 1, parallelism: 1 };

export async function vaultVersion(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/vault')).json()) as { version: number }).version;
}

/** A vault exists on the server (made here with VAULT_PASSPHRASE when none does). */
export async function ensureVault(page: Page): Promise<void> {
  if ((await vaultVersion(page)) > 0) return;
  const { header, vault } = await createVault(VAULT_PASSPHRASE, { cost: TEST_COST });
  vault.forget();
  const put = await page.request.put('/api/vault', { data: { header, baseVersion: 0 } });
  expect(put.ok()).toBe(true);
}

export async function unlockFromNotes(page: Page, passphrase = VAULT_PASSPHRASE): Promise<void> {
  await page.getByRole('button', { name: 'Unlock locked notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock locked notes' });
  await dialog.getByLabel('Passphrase').fill(passphrase);
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible({ timeout: 20_000 });
}

export async function newNote(page: Page, title: string, content: string): Promise<void> {
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('note-card').filter({ hasText: title })).toBeVisible();
}

/** On a device with the vault set up (here or through the API): My Notes, unlock, and a new locked note saved. */
export async function newLockedNoteUnlocked(page: Page, title: string, content: string): Promise<void> {
  await ensureVault(page);
  await page.goto('/notes');
  await unlockFromNotes(page);
  await page.getByRole('button', { name: 'New locked note' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
  await page.getByRole('button', { name: 'Save' }).click();
  // A new locked note is written only at Save: wait for the editor to close on the note's card, or the next
  // step races the save (the sync status read "All changes synced" before it, too).
  await expect(page.getByTestId('note-editor')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Open locked note: ${title}` })).toBeVisible();
}

/** Every note the server holds (its text as stored). */
export async function serverNotes(
  page: Page,
): Promise<Array<{ id: number; title: string; content: string; clientId?: string | null }>> {
  return (await (await page.request.get('/api/notes')).json()) as Array<{
    id: number;
    title: string;
    content: string;
    clientId?: string | null;
  }>;
}
