// The locked-notes screens on a phone-sized window (390 px: no sideways scrolling) and for assistive technology
// (axe: no serious or critical violations; labelled fields; the unlock dialog works from the keyboard alone).
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll } from './sideways.ts';
import { ensureVault, VAULT_PASSPHRASE } from './vault-helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('Settings › Locked notes and the unlock dialog fit a phone and pass axe; the dialog works by keyboard', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn();
  await ensureVault(page);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Locked notes' }).click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are locked.');
  await expect(page.getByRole('form', { name: 'Change passphrase' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Set a new passphrase with the recovery key' })).toBeVisible();
  await page.getByLabel('Lock after this many idle minutes').fill('0');
  await expect(page.getByText('A whole number of minutes from 1 to 1440.')).toBeVisible();
  await page.getByLabel('Lock after this many idle minutes').fill('15');
  await expectNoSidewaysScroll(page, 'Settings › Locked notes');
  expect(await seriousViolations(page)).toEqual([]);

  await page.request.post('/api/notes', { data: { title: 'plain', content: 'plain', tags: [] } });
  await page.goto('/notes');
  const unlock = page.getByRole('button', { name: 'Unlock locked notes' });
  await unlock.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Unlock locked notes' });
  await expect(dialog.getByLabel('Passphrase')).toBeVisible();
  await expectNoSidewaysScroll(page, 'unlock dialog');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Passphrase').focus();
  await page.keyboard.type(VAULT_PASSPHRASE);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page, 'notes screen, unlocked');
});
