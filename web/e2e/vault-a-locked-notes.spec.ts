// Locked notes in one browser, in order (one vault per server; this file's name sorts it before the other vault
// specs, which reuse the vault it sets up, or make one through the API when run alone): set up in Settings with the recovery key shown,
// lock a note (the server holds only ciphertext; after a reload only "Locked note" shows), unlock and read it,
// the recovery key unlocks, the passphrase changes (the old one is refused), and the vault locks by itself.
import { seriousViolations } from './axe.ts';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll } from './sideways.ts';
import { newNote, serverNotes, unlockFromNotes, VAULT_PASSPHRASE } from './vault-helpers.ts';

const MARKER = 'zebracorn-marker-7431';
const TITLE = 'Diary for March';
const NEW_PASSPHRASE = 'tulip harbor fossil drumbeat quartz';

test.describe.configure({ mode: 'serial' });

let recoveryKey = '';

test.beforeEach(async ({ signIn }) => {
  test.setTimeout(90_000);
  await signIn();
});

test('set up: a weak passphrase is refused with the reason, then the recovery key is shown', async ({
  page,
}) => {
  expect(((await (await page.request.get('/api/vault')).json()) as { version: number }).version).toBe(0);
  // On a phone-sized window: the set-up and the recovery key fit without sideways scrolling, and pass axe.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Locked notes' }).click();
  const form = page.getByRole('form', { name: 'Set up locked notes' });
  await form.getByLabel('Passphrase', { exact: true }).fill('password1');
  await form.getByLabel('Repeat the passphrase').fill('password1');
  await expect(form.getByTestId('passphrase-strength')).toContainText('not strong enough');
  await form.getByRole('button', { name: 'Set up locked notes' }).click();
  await expect(form.getByRole('alert')).toContainText('too weak');
  await expectNoSidewaysScroll(page, 'the set-up form');
  expect(await seriousViolations(page)).toEqual([]);
  expect(((await (await page.request.get('/api/vault')).json()) as { version: number }).version).toBe(0);

  await form.getByLabel('Passphrase', { exact: true }).fill(VAULT_PASSPHRASE);
  await form.getByLabel('Repeat the passphrase').fill(`${VAULT_PASSPHRASE}x`);
  await form.getByRole('button', { name: 'Set up locked notes' }).click();
  await expect(form.getByRole('alert')).toHaveText('The two passphrases do not match.');
  await form.getByLabel('Repeat the passphrase').fill(VAULT_PASSPHRASE);
  await form.getByRole('button', { name: 'Set up locked notes' }).click();

  const panel = page.getByRole('region', { name: 'Your recovery key' });
  await expect(panel.getByTestId('recovery-key')).toHaveText(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){6}$/, {
    timeout: 30_000,
  });
  await expectNoSidewaysScroll(page, 'the recovery key');
  expect(await seriousViolations(page)).toEqual([]);
  recoveryKey = (await panel.getByTestId('recovery-key').textContent()) ?? '';
  expect(recoveryKey).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){6}$/);
  await expect(
    panel.getByText(/Without both your passphrase and this recovery key, your locked notes are gone/),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Save as file' }).click();
  expect((await download).suggestedFilename()).toBe('private-notes-recovery-key.txt');
  const finish = panel.getByRole('button', { name: 'Finish' });
  await expect(finish).toBeDisabled();
  await panel.getByText('I have saved my recovery key').click();
  await finish.click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are unlocked on this device.');
  expect(((await (await page.request.get('/api/vault')).json()) as { version: number }).version).toBe(1);
});

test('lock a note: only ciphertext reaches the server; after a reload a "Locked note" card, unlock to read', async ({
  page,
}) => {
  await page.goto('/notes');
  await newNote(page, TITLE, `Dear diary, ${MARKER}.`);
  await unlockFromNotes(page);
  await page.getByRole('button', { name: `Open note: ${TITLE}` }).click();
  const viewer = page.getByTestId('note-viewer');
  await viewer.getByRole('button', { name: 'Lock note' }).click();
  await expect(page.getByText('Note locked')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Unlock note' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();

  await expect
    .poll(async () => (await serverNotes(page)).map((n) => n.content.split('\n')[0]))
    .toContain('pnlocked.1');
  const stored = JSON.stringify(await serverNotes(page));
  expect(stored).not.toContain(MARKER);
  expect(stored).not.toContain(TITLE);
  // Nothing of it in this device's database either.
  const local = await page.evaluate(async () => {
    const open = indexedDB.open('private-notes');
    const db = await new Promise<IDBDatabase>((resolve) => {
      open.onsuccess = () => resolve(open.result);
    });
    const out: string[] = [];
    for (const name of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
      });
      out.push(JSON.stringify(rows));
    }
    db.close();
    return out.join('\n');
  });
  expect(local).not.toContain(MARKER);

  await page.reload();
  const card = page.getByTestId('note-card').filter({ hasText: 'Locked note' });
  await expect(card).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);
  await expect(page.getByText(MARKER)).toHaveCount(0);

  await card.getByRole('button', { name: 'Open note: Locked note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock locked notes' });
  await dialog.getByLabel('Passphrase').fill('not the passphrase at all');
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('does not unlock');
  await dialog.getByLabel('Passphrase').fill(VAULT_PASSPHRASE);
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByTestId('note-viewer')).toContainText(MARKER, { timeout: 20_000 });
  await page.getByTestId('note-viewer').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();

  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Locked note' })).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);
});

test('the recovery key unlocks instead of the passphrase', async ({ page }) => {
  await page.goto('/notes');
  await page.getByRole('button', { name: 'Open note: Locked note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock locked notes' });
  await dialog.getByRole('button', { name: 'Use recovery key instead' }).click();
  await dialog.getByLabel('Recovery key').fill(recoveryKey.toLowerCase().replaceAll('-', ' '));
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByTestId('note-viewer')).toContainText(MARKER);
});

test('change the passphrase: the old one is refused, the new one opens; the recovery key sets it back', async ({
  page,
}) => {
  // Another device, open before the change: it has the old header cached.
  const second = await page.context().browser()!.newContext();
  const other = await second.newPage();
  expect((await other.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await other.goto('/notes');
  await expect(other.getByRole('button', { name: 'Unlock locked notes' })).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Locked notes' }).click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are locked.');
  await page
    .getByRole('form', { name: 'Unlock locked notes' })
    .getByLabel('Passphrase')
    .fill(VAULT_PASSPHRASE);
  await page
    .getByRole('form', { name: 'Unlock locked notes' })
    .getByRole('button', { name: 'Unlock', exact: true })
    .click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are unlocked on this device.');
  const change = page.getByRole('form', { name: 'Change passphrase' });
  await change.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
  await change.getByLabel('Repeat the passphrase').fill(NEW_PASSPHRASE);
  await change.getByRole('button', { name: 'Change passphrase' }).click();
  await expect(page.getByText('Passphrase changed')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Lock now' }).click();

  const unlock = page.getByRole('form', { name: 'Unlock locked notes' });
  await unlock.getByLabel('Passphrase').fill(VAULT_PASSPHRASE);
  await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(unlock.getByRole('alert')).toContainText('does not unlock');
  await unlock.getByLabel('Passphrase').fill(NEW_PASSPHRASE);
  await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are unlocked on this device.');
  await page.getByRole('button', { name: 'Lock now' }).click();
  // The other device, without a reload, opens with the new passphrase (it fetches the changed header).
  await unlockFromNotes(other, NEW_PASSPHRASE);
  await expect(other.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();
  await second.close();

  // Forgot it: the recovery key opens the vault and sets a new passphrase (the original one, for the next specs).
  const reset = page.getByRole('form', { name: 'Set a new passphrase with the recovery key' });
  await reset.getByLabel('Recovery key').fill(recoveryKey);
  await reset.getByLabel('New passphrase', { exact: true }).fill(VAULT_PASSPHRASE);
  await reset.getByLabel('Repeat the passphrase').fill(VAULT_PASSPHRASE);
  await reset.getByRole('button', { name: 'Set new passphrase' }).click();
  await expect(page.getByTestId('vault-state')).toHaveText('Your locked notes are unlocked on this device.', {
    timeout: 20_000,
  });
  await page.goto('/notes');
  await unlockFromNotes(page, VAULT_PASSPHRASE);
  await expect(page.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();
});

test('locks by itself after the idle time set for this device', async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(() => localStorage.setItem('vaultAutoLockMinutes', '1'));
  await page.goto('/notes');
  await unlockFromNotes(page);
  await expect(page.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();
  await page.clock.fastForward('00:30');
  await expect(page.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();
  await page.clock.fastForward('00:45');
  await expect(page.getByRole('button', { name: 'Unlock locked notes' })).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: 'Locked note' })).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);
});

test('Convert to blog post on a locked note asks first, and makes a separate plain copy only on yes', async ({
  page,
}) => {
  const posts = async () =>
    ((await (await page.request.get('/api/admin/blog')).json()) as Array<{ title: string }>).map(
      (p) => p.title,
    );
  const before = await posts();
  await page.goto('/notes');
  await unlockFromNotes(page);
  const card = page.getByTestId('note-card').filter({ hasText: TITLE });
  const question = page.getByRole('alertdialog', { name: 'Make a public copy of this locked note?' });
  await card.getByRole('button', { name: 'Convert to Blog Post' }).click();
  await expect(question).toContainText('plain copy');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  expect(await posts()).toEqual(before);

  await card.getByRole('button', { name: 'Convert to Blog Post' }).click();
  await question.getByRole('button', { name: 'Make the plain copy' }).click();
  await expect.poll(posts).toContain(TITLE);
  // The note itself stays locked on the server.
  const stored = await serverNotes(page);
  expect(JSON.stringify(stored)).not.toContain(MARKER);
});
