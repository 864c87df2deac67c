// Locked notes through Import & Export and [[links]] (issue 34), in real Chromium: the default export holds only
// ciphertext; the plain export asks first (and unlocks) and then holds the text; "Import as locked notes" seals
// on the device so the server gets only ciphertext; a locked export comes back locked into this vault, another
// vault's is refused whole; links inside locked notes work and show as backlinks only while unlocked.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { lockedNoteToMarkdown } from '@private-notes/shared/interchange/locked-note-file';
import { createVault } from '@private-notes/shared/vault';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { newLockedNoteUnlocked, newNote, serverNotes, VAULT_PASSPHRASE } from './vault-helpers.ts';

async function zipText(download: Download): Promise<Record<string, string>> {
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]),
  );
}

async function synced(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 20_000 });
}

async function toInterchange(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Import & Export' }).click();
  await expect(page.getByRole('heading', { name: 'Import & Export' })).toBeVisible();
}

async function unlockInDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Unlock locked notes' });
  await dialog.getByLabel('Passphrase').fill(VAULT_PASSPHRASE);
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
}

test.beforeEach(async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn();
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
});

test('the export keeps locked notes encrypted; the plain export warns, unlocks, then holds the text', async ({
  page,
}) => {
  const marker = 'platypus-export-4470';
  await newLockedNoteUnlocked(page, 'Secret plan', `The plan: ${marker}.`);
  await synced(page);
  await toInterchange(page);

  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export notes', exact: true }).click();
  const locked = await zipText(await downloading);
  await expect(page.getByRole('status').filter({ hasText: /^Exported/ })).toContainText(
    '1 locked note is kept encrypted',
  );
  expect(Object.keys(locked)).toEqual(['Locked note.md']);
  expect(locked['Locked note.md']).toContain('\nlocked: true\n');
  expect(locked['Locked note.md']).toContain('pnlocked.1\npnenc.1.');
  expect(JSON.stringify(locked)).not.toContain(marker);
  expect(JSON.stringify(locked)).not.toContain('Secret plan');

  // After a reload the vault is locked: the warning first (Cancel does nothing), then the unlock, then the file.
  await page.reload();
  const plainButton = page.getByRole('button', { name: 'Export with locked notes in plain text…' });
  await plainButton.click();
  const warning = page.getByRole('alertdialog', { name: 'Export locked notes in plain text?' });
  await expect(warning).toContainText('Anyone who gets the zip');
  await expect(warning.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await plainButton.click();
  downloading = page.waitForEvent('download');
  await warning.getByRole('button', { name: 'Export in plain text' }).click();
  await unlockInDialog(page);
  const plain = await zipText(await downloading);
  await expect(page.getByRole('status').filter({ hasText: /^Exported/ })).toContainText(
    '1 locked note was written in plain text',
  );
  expect(plain['Secret plan.md']).toContain(`The plan: ${marker}.`);
});

test('"Import as locked notes" seals on the device: the server holds only ciphertext', async ({ page }) => {
  const marker = 'narwhal-import-9913';
  await page.goto('/notes');
  await toInterchange(page);
  await page.getByLabel('Files to import').setInputFiles({
    name: 'health.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(`---\ntitle: Health ${marker}\ntags: [body]\n---\nPulse ${marker}`),
  });
  await expect(page.getByTestId('import-preview').getByRole('status')).toHaveText('1 new, 0 already here');
  await page.getByText('Import as locked notes').click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Import 1 note' }).click();
  await unlockInDialog(page);
  await expect(page.getByRole('status').filter({ hasText: /^Imported/ })).toHaveText('Imported 1 note.');
  await expect(page.getByText('imported as a locked note')).toBeVisible();

  await page.getByRole('link', { name: 'My Notes' }).first().click();
  await synced(page);
  const stored = await serverNotes(page);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.content.startsWith('pnlocked.1\n')).toBe(true);
  expect(JSON.stringify(stored)).not.toContain(marker);
  await expect(page.getByRole('button', { name: `Open locked note: Health ${marker}` })).toBeVisible();
});

test('a locked export comes back locked into this vault; another vault’s is refused, nothing imported', async ({
  page,
}) => {
  const marker = 'axolotl-reimport-2261';
  await newLockedNoteUnlocked(page, 'Letter draft', `Dear ${marker}`);
  await synced(page);
  await toInterchange(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export notes', exact: true }).click();
  const exported = await readFile((await (await downloading).path())!);

  // The note goes (on the server and, by sync, here); then the export is imported back.
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
  await page.goto('/notes');
  await expect(page.getByTestId('note-card')).toHaveCount(0, { timeout: 20_000 });
  await toInterchange(page);
  const input = page.getByLabel('Files to import');
  await input.setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: exported });
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('status')).toHaveText('1 new, 0 already here');
  await expect(preview).toContainText('1 locked note from an export of your vault');
  await page.getByRole('button', { name: 'Import 1 note' }).click();
  await unlockInDialog(page);
  await expect(page.getByRole('status').filter({ hasText: /^Imported/ })).toHaveText('Imported 1 note.');
  await page.getByRole('link', { name: 'My Notes' }).first().click();
  await expect(page.getByRole('button', { name: 'Open locked note: Letter draft' })).toBeVisible();
  await synced(page);
  const stored = await serverNotes(page);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.content.startsWith('pnlocked.1\n')).toBe(true);
  expect(JSON.stringify(stored)).not.toContain(marker);

  // A locked note of another vault: the whole import is refused with the reason.
  const other = await createVault('a different vault passphrase', {
    cost: { memoryKiB: 8192, iterations: 1, parallelism: 1 },
  });
  const text = other.vault.lockNote('c-other', { title: 'Not yours', content: 'nope', tags: [] });
  other.vault.forget();
  const foreign = zipSync({
    'Locked note.md': strToU8(
      lockedNoteToMarkdown({
        id: 'c-other',
        text,
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      }),
    ),
    'plain.md': strToU8('# Plain one\n\ntext'),
  });
  await toInterchange(page);
  await input.setInputFiles({
    name: 'foreign.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(foreign),
  });
  await expect(page.getByRole('alert')).toContainText(
    'A locked note in these files cannot be opened by this vault, so nothing was imported.',
  );
  await expect(page.getByRole('alert')).toContainText('a locked note of another vault');
  expect(await serverNotes(page)).toHaveLength(1);
});

test('[[links]] in locked notes: they open and show as backlinks while unlocked, nothing while locked', async ({
  page,
}) => {
  await newLockedNoteUnlocked(page, 'Locked beta', 'beta body');
  await expect(page.getByRole('button', { name: 'Open locked note: Locked beta' })).toBeVisible();
  await newNote(page, 'Plain target', 'target body');
  await newNote(page, 'Plain pointer', 'Points at [[Locked beta]].');
  await page.getByRole('button', { name: 'New locked note' }).click();
  await page.getByLabel('Title').fill('Locked alpha');
  // The editor suggests a locked note's title while unlocked (the search index never holds it).
  await page.getByLabel('Content').fill('See [[Locked b');
  await expect(page.getByRole('option', { name: 'Locked beta' })).toBeVisible();
  await page.getByLabel('Content').fill('See [[Plain target]] and [[Locked beta]].');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Open locked note: Locked alpha' })).toBeVisible();
  await synced(page);

  const viewer = page.getByTestId('note-viewer');
  const linkedFrom = viewer.getByRole('region', { name: 'Linked from' });
  await page.getByRole('button', { name: 'Open note: Plain target' }).click();
  await expect(linkedFrom.getByRole('button', { name: 'Locked alpha' })).toBeVisible();
  await linkedFrom.getByRole('button', { name: 'Locked alpha' }).click();
  await viewer.getByRole('link', { name: 'Locked beta' }).click();
  await expect(viewer.getByRole('heading', { name: 'Locked beta' })).toBeVisible();
  await expect(linkedFrom.getByRole('button')).toHaveText(['Locked alpha', 'Plain pointer']);
  await viewer.getByRole('button', { name: 'Close' }).click();

  // Nothing of the links reached the server in plain text.
  expect(JSON.stringify(await serverNotes(page))).not.toContain('[[Plain target]]');

  // Locked: the plain note has no backlinks any more; its link to the locked note asks to unlock.
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unlock locked notes' })).toBeVisible();
  await page.getByRole('button', { name: 'Open note: Plain target' }).click();
  await expect(viewer.getByText('target body')).toBeVisible();
  await expect(linkedFrom).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Open note: Plain pointer' }).click();
  await viewer.getByRole('link', { name: 'Locked beta' }).click();
  const ask = page.getByRole('alertdialog', { name: 'This link may lead to a locked note' });
  await expect(ask.getByRole('button', { name: 'Unlock to follow' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await ask.getByRole('button', { name: 'Unlock to follow' }).click();
  await unlockInDialog(page);
  await expect(viewer.getByRole('heading', { name: 'Locked beta' })).toBeVisible();
  await expect(linkedFrom.getByRole('button')).toHaveText(['Locked alpha', 'Plain pointer']);
});
