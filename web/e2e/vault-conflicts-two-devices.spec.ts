// A locked note edited on two devices (two browser profiles) at once, one of them offline. The server holds
// only ciphertext, so the merge happens on the device after decryption: edits to different paragraphs become
// one note with both, edits to the same line keep both texts (a conflicted copy, locked too). Nothing of either
// text ever reaches the server in the clear.
import type { BrowserContext, Page } from '@playwright/test';
import { parseVaultHeader, unlockVault } from '@private-notes/shared/vault';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { toast } from './study-fixtures.ts';
import { ensureVault, serverNotes, unlockFromNotes, VAULT_PASSPHRASE } from './vault-helpers.ts';

const BASE = 'Travel plans\n\nPassport in the blue drawer.\n\nBook the night train.\n';

const status = (page: Page) => page.getByTestId('sync-status');
const openButton = (page: Page, title: string) =>
  page.getByRole('button', { name: `Open locked note: ${title}`, exact: true });
const lockedCard = (page: Page, title: string) =>
  page.getByTestId('note-card').filter({ has: openButton(page, title) });

async function openVault(page: Page) {
  const { header } = (await (await page.request.get('/api/vault')).json()) as { header: unknown };
  return unlockVault(parseVaultHeader(header), VAULT_PASSPHRASE);
}

/** A locked note made through the API, sealed with the vault's key as a device would. */
async function createLockedNote(page: Page, title: string, content: string): Promise<string> {
  const vault = await openVault(page);
  const clientId = `nvconf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const sealed = vault.lockNote(clientId, { title, content, tags: [] });
  vault.forget();
  const made = await page.request.post('/api/notes', {
    data: { title: '', content: sealed, tags: [], clientId, lockedFiles: [] },
  });
  expect(made.ok(), `POST /api/notes answered ${made.status()}`).toBe(true);
  return clientId;
}

/** The server's locked notes of this test, opened here with the passphrase: what it holds, as text. */
async function serverTexts(page: Page, title: string): Promise<Array<{ title: string; content: string }>> {
  const vault = await openVault(page);
  const stored = await serverNotes(page);
  const texts = stored
    .filter((note) => note.content.startsWith('pnlocked.') && note.clientId)
    .map((note) => vault.openLockedNote(note.clientId!, note.content).fields)
    .filter((fields) => fields.title.startsWith(title))
    .map(({ title, content }) => ({ title, content }));
  vault.forget();
  return texts;
}

/** B's edit reached the server (sealed) before A reconnects: its "All changes synced" can precede its push. */
async function expectOnServer(page: Page, title: string, content: string) {
  await expect
    .poll(async () => (await serverTexts(page, title)).find((note) => note.title === title)?.content, {
      timeout: 30_000,
    })
    .toBe(content);
}

/** Opens the locked note's editor from its card, replaces the text and saves (offline first when asked). */
async function editContent(page: Page, title: string, content: string, goOffline?: BrowserContext) {
  await lockedCard(page, title).getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible({ timeout: 15_000 });
  await goOffline?.setOffline(true);
  await page.getByLabel('Content').fill(content);
  await expect(page.getByLabel('Content')).toHaveValue(content);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Note updated successfully')).toBeVisible();
}

/** A device showing My Notes, unlocked, with the note found through Search (the list renders rows in view only). */
async function showUnlocked(page: Page, title: string) {
  await page.goto('/notes');
  await unlockFromNotes(page);
  await page.getByRole('button', { name: 'Search & Filter' }).click();
  await page.getByLabel('Search', { exact: true }).fill(title);
  await expect(openButton(page, title)).toBeVisible({ timeout: 20_000 });
}

async function secondDevice(page: Page, title: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  expect((await other.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await showUnlocked(other, title);
  return { context, page: other };
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await ensureVault(page);
});

test('a locked note edited in different paragraphs on two devices merges on the device, ciphertext only on the server', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const title = `Locked merge ${Date.now().toString(36)}`;
  await createLockedNote(page, title, BASE);
  await showUnlocked(page, title);
  const b = await secondDevice(page, title);

  // A edits the first paragraph offline; B the second one online meanwhile.
  const mineLine = 'Passport in the blue drawer, visa quokka-3318 beside it.';
  const theirsLine = 'Book the night train to Kraków, seat wombat-9024.';
  await editContent(page, title, BASE.replace('Passport in the blue drawer.', mineLine), context);
  await expect(status(page)).toContainText('Offline');
  await editContent(b.page, title, BASE.replace('Book the night train.', theirsLine));
  await expect(status(b.page)).toHaveText('All changes synced', { timeout: 30_000 });
  await expectOnServer(page, title, BASE.replace('Book the night train.', theirsLine));

  await context.setOffline(false);
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
  const merged = `Travel plans\n\n${mineLine}\n\n${theirsLine}\n`;
  await expect(lockedCard(page, title)).toContainText('quokka-3318');
  await expect(lockedCard(page, title)).toContainText('wombat-9024');
  await expect(page.getByRole('region', { name: 'Conflicts' })).toHaveCount(0);
  // One note on the server, the merged text inside its ciphertext, and none of it in the clear.
  expect(await serverTexts(page, title)).toEqual([{ title, content: merged }]);
  const stored = JSON.stringify(await serverNotes(page));
  for (const word of ['quokka-3318', 'wombat-9024', title]) expect(stored).not.toContain(word);

  // B gets the merged text on its next sync (its keys are gone with the reload: unlock again).
  await showUnlocked(b.page, title);
  await expect(lockedCard(b.page, title)).toContainText('quokka-3318', { timeout: 20_000 });
  await b.context.close();
});

test('a locked note edited on the same line on two devices keeps both texts, the copy locked too', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const title = `Locked clash ${Date.now().toString(36)}`;
  await createLockedNote(page, title, BASE);
  await showUnlocked(page, title);
  const b = await secondDevice(page, title);

  const mine = BASE.replace('Book the night train.', 'Book the night train, cabin ibis-4471.');
  const theirs = BASE.replace('Book the night train.', 'Book the morning flight, gate lemur-6605.');
  await editContent(page, title, mine, context);
  await editContent(b.page, title, theirs);
  await expect(status(b.page)).toHaveText('All changes synced', { timeout: 30_000 });
  await expectOnServer(page, title, theirs);
  await context.setOffline(false);

  await expect(status(page)).toHaveText('1 conflict', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Conflicts' })).toContainText(
    `“${title}” was changed on another device`,
  );
  await page.getByLabel('Search', { exact: true }).fill(title);
  await expect(page.getByTestId('note-card').filter({ hasText: title })).toHaveCount(2);
  await expect(lockedCard(page, title)).toContainText('lemur-6605');
  // The copy is a locked note, with this device's text.
  const copy = page.getByRole('button', {
    name: new RegExp(`^Open locked note: ${title} \\(conflicted copy`),
  });
  await expect(copy).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ has: copy })).toContainText('ibis-4471');

  // Both texts reached the server, each sealed: nothing of either is lost, and nothing is in the clear.
  await expect(status(page)).toHaveText('1 conflict');
  const texts = await serverTexts(page, title);
  expect(texts.map((t) => t.content).sort()).toEqual([mine, theirs].sort());
  expect(texts.some((t) => t.title === title)).toBe(true);
  const stored = JSON.stringify(await serverNotes(page));
  for (const word of ['ibis-4471', 'lemur-6605', title]) expect(stored).not.toContain(word);
  await b.context.close();
});
