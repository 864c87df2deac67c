// Export and import in real Chromium: the export zip downloads with one markdown file per note and its front
// matter; an import shows its preview ("N new, M already here"), a progress bar, a per-file report, and the
// notes reach the server with their source dates.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { expect, test } from './fixtures.ts';

interface ServerNote {
  id: number;
  title: string;
  content: string;
  tags: string[];
  createdAt: string;
  clientId: string | null;
}

async function serverNotes(page: Page): Promise<ServerNote[]> {
  const response = await page.request.get('/api/notes');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerNote[];
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
});

test('Export notes downloads a zip of markdown files with front matter', async ({ page }) => {
  for (const [title, content, tags] of [
    ['Groceries', '# List\n\nmilk', ['home']],
    ['CON', 'reserved name', []],
  ] as const) {
    const response = await page.request.post('/api/notes', { data: { title, content, tags } });
    expect(response.status()).toBe(201);
  }
  await page.goto('/notes');
  await expect(page.getByText('2 notes')).toBeVisible(); // pulled into the browser's database
  await page.getByRole('link', { name: 'Import & Export' }).click();
  await expect(page.getByRole('heading', { name: 'Import & Export' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export notes' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^private-notes-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByRole('status')).toHaveText(/^Exported 2 notes to private-notes-export-/);

  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(files).sort()).toEqual(['CON_.md', 'Groceries.md']);
  const groceries = new TextDecoder().decode(files['Groceries.md']);
  const onServer = (await serverNotes(page)).find((n) => n.title === 'Groceries')!;
  expect(groceries).toMatch(
    new RegExp(
      `^---\\ntitle: Groceries\\nid: s${onServer.id}\\ncreated: \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z\\nupdated: .+Z\\ntags:\\n  - home\\n---\\n\\n# List\\n\\nmilk$`,
    ),
  );
});

test('Import shows the preview, a progress bar and the report; the notes sync with their dates', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const existing = await page.request.post('/api/notes', {
    data: { title: 'Already', content: 'here', tags: [] },
  });
  expect(existing.status()).toBe(201);
  await page.goto('/notes');
  await expect(page.getByText('1 note', { exact: true })).toBeVisible(); // pulled into the browser's database
  await page.getByRole('link', { name: 'Import & Export' }).click();
  await expect(page.getByRole('heading', { name: 'Import & Export' })).toBeVisible();

  // 700 notes, so the write runs in several batches, one already here, one bad file.
  const entries: Record<string, Uint8Array> = {
    'Vault/already.md': strToU8('---\ntitle: Already\n---\nhere'),
    'Vault/old.md': strToU8(
      '---\ntitle: Old idea\ncreated: 2015-01-01T00:00:00Z\ntags: [past]\n---\nfrom 2015',
    ),
    'Vault/picture.png': new Uint8Array([137, 80, 78, 71]),
  };
  for (let i = 0; i < 700; i++) entries[`Vault/bulk/n${i}.md`] = strToU8(`# Bulk ${i}\n\nbody ${i}`);
  await page.getByLabel('Files to import').setInputFiles({
    name: 'vault.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync(entries)),
  });

  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('status')).toHaveText('701 new, 1 already here');
  await expect(
    preview.getByText('image or attachment that no note links to: skipped', { exact: false }),
  ).toBeVisible();
  await expect(preview.getByText('Replace the 1 note already here', { exact: false })).toBeVisible();

  // The write is quicker than a test can look, so the page records every state of the progress bar it shows.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      if (!bar) return;
      const root = bar.closest('[data-scope="progress"][data-part="root"]');
      const label = root?.querySelector('[data-part="label"]')?.textContent ?? '';
      const state = `${label}: ${bar.getAttribute('aria-valuenow')}/${bar.getAttribute('aria-valuemax')}`;
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Import 701 notes' }).click();
  await expect(page.getByText('Imported 701 notes.')).toBeVisible({ timeout: 20_000 });
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(progress).toEqual(expect.arrayContaining(['Importing notes: 0/701', 'Importing notes: 500/701']));
  const report = page.getByRole('list', { name: 'Import report' });
  await expect(report.getByText('vault.zip › Vault/already.md')).toBeVisible();
  await expect(report.getByText('already here: skipped')).toBeVisible();

  // The sync engine (started by the notes screen before) pushes them in the background.
  await expect
    .poll(async () => (await serverNotes(page)).length, { timeout: 90_000, intervals: [1000] })
    .toBe(702);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Notes' }).click();
  await expect(page.getByText('702 notes')).toBeVisible();
  const old = (await serverNotes(page)).find((n) => n.title === 'Old idea')!;
  expect(old).toMatchObject({ content: 'from 2015', tags: ['past'], createdAt: '2015-01-01T00:00:00.000Z' });
});

test('a corrupt zip gets a clear message and imports nothing', async ({ page }) => {
  await page.goto('/import-export');
  await page.getByLabel('Files to import').setInputFiles({
    name: 'broken.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('this is not a zip'),
  });
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('status')).toHaveText('0 new, 0 already here, 1 with problems');
  await expect(
    preview.getByText('not a zip file (or a damaged one): nothing imported from it'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 0 notes' })).toBeDisabled();
});

test("Download a backup saves the server's archive", async ({ page }) => {
  await page.goto('/import-export');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download a backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^private-notes-backup-\d{4}-.*\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(files)).toContain('backup.json');
});

test('Export works offline, from the browser database', async ({ page, context }) => {
  test.setTimeout(90_000);
  const response = await page.request.post('/api/notes', {
    data: { title: 'Offline copy', content: 'x', tags: [] },
  });
  expect(response.status()).toBe(201);
  await page.goto('/notes');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await expect(page.getByText('1 note', { exact: true })).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('link', { name: 'Import & Export' }).click();
  await expect(page.getByRole('heading', { name: 'Import & Export' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export notes' }).click();
  const download = await downloading;
  await expect(page.getByRole('status')).toHaveText(
    /^Exported 1 note to private-notes-export-.*\.zip\. Blog post links were left out: the server could not be reached\.$/,
  );
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(files)).toEqual(['Offline copy.md']);
  await context.setOffline(false);
});
