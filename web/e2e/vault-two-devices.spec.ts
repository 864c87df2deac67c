// A locked note made on one device, edited there offline and synced, read on a second device (its own browser
// profile: no cached header, no keys) after unlocking with the passphrase. The server only ever holds ciphertext.
import { expect, test } from './fixtures.ts';
import { E2E_OWNER } from './owner.ts';
import { newLockedNoteUnlocked, serverNotes, unlockFromNotes } from './vault-helpers.ts';

const TITLE = 'Family passwords';
const FIRST = 'wifi: kestrel-marker-1187';
const OFFLINE = 'wifi changed offline: heron-marker-5520';

test('new locked note, edited offline and synced, is read on a second device after unlocking', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  await newLockedNoteUnlocked(page, TITLE, FIRST);
  const card = page.getByTestId('note-card').filter({ hasText: TITLE });
  await expect(card.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveText('All changes synced', { timeout: 20_000 });
  const before = await serverNotes(page);
  expect(JSON.stringify(before)).not.toContain('kestrel-marker');
  expect(JSON.stringify(before)).not.toContain(TITLE);

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Edit Note' }).click();
  await page.getByLabel('Content').fill(OFFLINE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('note-card').filter({ hasText: 'heron-marker' })).toBeVisible();
  expect(await serverNotes(page)).toEqual(before);
  await context.setOffline(false);
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });
  const after = await serverNotes(page);
  expect(after.map((n) => n.content)).not.toEqual(before.map((n) => n.content));
  expect(JSON.stringify(after)).not.toContain('heron-marker');

  // The second device: its own profile, session and database.
  const second = await page.context().browser()!.newContext();
  const other = await second.newPage();
  expect((await other.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await other.goto('/notes');
  await expect(other.getByRole('button', { name: 'Open note: Locked note' }).first()).toBeVisible();
  await expect(other.getByText(TITLE)).toHaveCount(0);
  await unlockFromNotes(other);
  await other.getByRole('button', { name: `Open locked note: ${TITLE}` }).click();
  await expect(other.getByTestId('note-viewer')).toContainText(OFFLINE);
  await other.getByTestId('note-viewer').getByRole('button', { name: 'Close' }).click();

  // Search finds it while unlocked (in memory), and nothing of it once locked.
  await other.getByRole('button', { name: 'Search & Filter' }).click();
  await other.getByLabel('Search', { exact: true }).fill('heron');
  await expect(other.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();
  await other.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(other.getByTestId('note-card')).toHaveCount(0);
  await expect(other.getByText(TITLE)).toHaveCount(0);
  await second.close();
});
