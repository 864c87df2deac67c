// Passkeys that unlock locked notes (issue 34, WebAuthn PRF), with Chromium's virtual authenticator: one that
// offers PRF is added in Settings › Locked notes, unlocks the vault from the notes screen's dialog (the locked
// note reads), still unlocks after a passphrase change and after a reset with the recovery key, says a failed
// attempt plainly, and is removed after a confirmation; a header changed meanwhile by another device is re-read
// and the save retried once. One without PRF is told so and nothing is stored.
// WebAuthn needs a domain, so this spec runs on localhost (ALLOWED_ORIGINS in serve.mjs).
import type { CDPSession, Page } from '@playwright/test';
import { replaceRecoveryKey, unlockVault } from '@private-notes/shared/vault';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { E2E_PORT } from './owner.ts';
import { ensureVault, newLockedNoteUnlocked, VAULT_PASSPHRASE, vaultVersion } from './vault-helpers.ts';

test.use({ baseURL: `http://localhost:${E2E_PORT}` });
test.describe.configure({ mode: 'serial' });

const TITLE = 'Passkey diary';
const MARKER = 'passkey-prf-marker-5519';
const NEW_PASSPHRASE = 'marble tundra whistle copper lagoon';
const NO_PRF_MESSAGE =
  'This passkey cannot unlock locked notes (its authenticator does not offer the PRF extension).';

interface VaultState {
  header: { passkeyWraps?: Array<{ credentialId: string; label: string }> } | null;
  version: number;
}

async function serverVault(page: Page): Promise<VaultState> {
  return (await (await page.request.get('/api/vault')).json()) as VaultState;
}

async function virtualAuthenticator(
  page: Page,
  hasPrf: boolean,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      hasPrf,
    },
  });
  return { cdp, authenticatorId };
}

/** A new recovery key for the server's vault (same vault key, same passphrase), known to this test. */
async function knownRecoveryKey(page: Page): Promise<string> {
  const state = await serverVault(page);
  const vault = await unlockVault(state.header, VAULT_PASSPHRASE);
  const { header, recoveryKey } = await replaceRecoveryKey(state.header, vault);
  vault.forget();
  const put = await page.request.put('/api/vault', { data: { header, baseVersion: state.version } });
  expect(put.ok()).toBe(true);
  return recoveryKey;
}

async function openVaultSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Locked notes' }).click();
  await expect(page.getByTestId('vault-state')).toBeVisible({ timeout: 20_000 });
}

async function unlockInSettingsWithPasskey(page: Page): Promise<void> {
  await page
    .getByRole('form', { name: 'Unlock locked notes' })
    .getByRole('button', { name: 'Unlock with a passkey' })
    .click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are unlocked on this device.', {
    timeout: 20_000,
  });
}

test.beforeEach(async ({ signIn }) => {
  test.setTimeout(150_000);
  await signIn();
});

test('a PRF passkey is added in Settings, unlocks the notes, survives a passphrase change and a recovery reset', async ({
  page,
}) => {
  await ensureVault(page);
  const recoveryKey = await knownRecoveryKey(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page, true);
  await newLockedNoteUnlocked(page, TITLE, `Written with a passkey nearby, ${MARKER}.`);
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 20_000 });
  // No passkey yet: the unlock dialog offers only the passphrase and the recovery key.
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await page.getByRole('button', { name: 'Unlock locked notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock locked notes' });
  await expect(dialog.getByLabel('Passphrase')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unlock with a passkey' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Settings: locked, nothing to add yet; unlocked, the label defaults to the browser and system.
  await openVaultSettings(page);
  await expect(page.getByText('Unlock first to add a passkey.')).toBeVisible();
  await expect(page.getByText('No passkey unlocks your locked notes yet.')).toBeVisible();
  const unlockForm = page.getByRole('form', { name: 'Unlock locked notes' });
  await unlockForm.getByLabel('Passphrase').fill(VAULT_PASSPHRASE);
  await unlockForm.getByRole('button', { name: 'Unlock', exact: true }).click();
  const add = page.getByRole('form', { name: 'Add a passkey for unlocking' });
  await expect(add.getByLabel('Passkey label')).toHaveValue(/^Chrome on [A-Za-z]+$/, { timeout: 20_000 });
  await expect(page.getByText('separate from the ones you sign in with')).toBeVisible();
  await add.getByLabel('Passkey label').fill('');
  await add.getByRole('button', { name: 'Add a passkey for unlocking' }).click();
  await expect(add.getByRole('alert')).toHaveText('Give the passkey a label.');
  await add.getByLabel('Passkey label').fill('Test laptop');
  // Another device changes the header before each of this device's saves: after one retry it gives up
  // plainly and nothing is stored; with one change only, the retry on the fresh header succeeds.
  let races = 2;
  await page.context().route('**/api/vault', async (route) => {
    if (route.request().method() === 'PUT' && races > 0) {
      races--;
      const now = await serverVault(page);
      await page.request.put('/api/vault', { data: { header: now.header, baseVersion: now.version } });
    }
    await route.continue();
  });
  await add.getByRole('button', { name: 'Add a passkey for unlocking' }).click();
  await expect(add.getByRole('alert')).toHaveText(
    'Locked notes changed on another device twice while saving. Nothing was changed here: try again.',
  );
  expect((await serverVault(page)).header?.passkeyWraps ?? []).toEqual([]);
  races = 1;
  const before = await vaultVersion(page);
  await add.getByRole('button', { name: 'Add a passkey for unlocking' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
  await page.context().unroute('**/api/vault');
  const list = page.getByRole('list', { name: 'Passkeys that unlock locked notes' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Test laptop');
  expect(await seriousViolations(page)).toEqual([]);
  const stored = await serverVault(page);
  expect(stored.version).toBe(before + 2);
  expect(stored.header?.passkeyWraps?.map((p) => p.label)).toEqual(['Test laptop']);
  // A passkey of its own on the authenticator, named by the wrap; the one made by the attempt that could not
  // be saved was dropped (the browser was told it is unknown).
  const onAuthenticator = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(
    onAuthenticator.credentials.map((c) => Buffer.from(c.credentialId, 'base64').toString('base64url')),
  ).toEqual([stored.header?.passkeyWraps?.[0]?.credentialId]);

  // Locked, then opened from the notes screen with the passkey alone: the locked note reads.
  await page.getByRole('button', { name: 'Lock now' }).click();
  await page.goto('/notes');
  await page.getByRole('button', { name: 'Unlock locked notes' }).click();
  const byPasskey = dialog.getByRole('button', { name: 'Unlock with a passkey' });
  await expect(byPasskey).toBeVisible();
  await expect(dialog.getByLabel('Passphrase')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // By keyboard: Tab from the passphrase field reaches it, Enter starts it.
  await dialog.getByLabel('Passphrase').focus();
  for (let i = 0; i < 5; i++) {
    if (await byPasskey.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(byPasskey).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: `Open locked note: ${TITLE}` }).click();
  await expect(page.getByTestId('note-viewer')).toContainText(MARKER);
  await page.getByTestId('note-viewer').getByRole('button', { name: 'Close' }).click();

  // A new passphrase re-wraps the vault key: the passkey still unlocks.
  await openVaultSettings(page);
  await unlockInSettingsWithPasskey(page);
  const change = page.getByRole('form', { name: 'Change passphrase' });
  await change.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
  await change.getByLabel('Repeat the passphrase').fill(NEW_PASSPHRASE);
  await change.getByRole('button', { name: 'Change passphrase' }).click();
  await expect(page.getByText('Passphrase changed')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Lock now' }).click();
  await unlockInSettingsWithPasskey(page);
  await page.getByRole('button', { name: 'Lock now' }).click();

  // Forgot it: the recovery key sets the passphrase back (for the other specs); the passkey still unlocks.
  const reset = page.getByRole('form', { name: 'Set a new passphrase with the recovery key' });
  await reset.getByLabel('Recovery key').fill(recoveryKey);
  await reset.getByLabel('New passphrase', { exact: true }).fill(VAULT_PASSPHRASE);
  await reset.getByLabel('Repeat the passphrase').fill(VAULT_PASSPHRASE);
  await reset.getByRole('button', { name: 'Set new passphrase' }).click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are unlocked on this device.', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Lock now' }).click();
  await unlockInSettingsWithPasskey(page);
  expect((await serverVault(page)).header?.passkeyWraps).toHaveLength(1);
  await page.getByRole('button', { name: 'Lock now' }).click();

  // The authenticator refuses (no user verification): said plainly, and the form still works.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  const unlockForm2 = page.getByRole('form', { name: 'Unlock locked notes' });
  await unlockForm2.getByRole('button', { name: 'Unlock with a passkey' }).click();
  await expect(unlockForm2.getByRole('alert')).toContainText('The passkey did not unlock', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are locked.');
  await unlockForm2.getByLabel('Passphrase').fill(VAULT_PASSPHRASE);
  await unlockForm2.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are unlocked on this device.', {
    timeout: 20_000,
  });

  // Removed after a confirmation (Cancel keeps it): it no longer unlocks, and the header holds no wrap.
  await list.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await expect(confirm).toContainText('“Test laptop” will no longer unlock your locked notes.');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('No passkey unlocks your locked notes yet.')).toBeVisible();
  expect((await serverVault(page)).header?.passkeyWraps ?? []).toEqual([]);
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect(unlockForm2.getByRole('button', { name: 'Unlock with a passkey' })).toHaveCount(0);
});

test('an authenticator without PRF is told it cannot unlock locked notes, and nothing is stored', async ({
  page,
}) => {
  await ensureVault(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page, false);
  await openVaultSettings(page);
  const unlockForm = page.getByRole('form', { name: 'Unlock locked notes' });
  await unlockForm.getByLabel('Passphrase').fill(VAULT_PASSPHRASE);
  await unlockForm.getByRole('button', { name: 'Unlock', exact: true }).click();
  const add = page.getByRole('form', { name: 'Add a passkey for unlocking' });
  await expect(add).toBeVisible({ timeout: 20_000 });
  const before = await serverVault(page);
  await add.getByLabel('Passkey label').fill('Old security key');
  await add.getByRole('button', { name: 'Add a passkey for unlocking' }).click();
  await expect(add.getByRole('alert')).toHaveText(NO_PRF_MESSAGE);
  const after = await serverVault(page);
  expect(after.version).toBe(before.version);
  expect(after.header?.passkeyWraps ?? []).toEqual([]);
  await expect(page.getByText('No passkey unlocks your locked notes yet.')).toBeVisible();
  // The useless credential it made was dropped from the authenticator (the browser was told it is unknown).
  await expect
    .poll(async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length)
    .toBe(0);
});
