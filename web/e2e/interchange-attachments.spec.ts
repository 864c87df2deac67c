// Attachments through export and import in real Chromium: a note's image goes into the export zip's
// `_resources/` with a relative link, and importing that zip in a fresh browser (an empty database) brings the
// image back with the note: it shows in the viewer from the bytes the import stored, and uploads again.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { imageLoaded, pngBytes, sha256Of } from './attachment-helpers.ts';
import { expect, test } from './fixtures.ts';

async function clearNotes(request: import('@playwright/test').APIRequestContext) {
  const notes = (await (await request.get('/api/notes')).json()) as Array<{ id: number }>;
  for (const note of notes) await request.delete(`/api/notes/${note.id}`);
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await clearNotes(page.request);
});

test('a note exported with its image, imported into a fresh browser, shows the image', async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const png = await pngBytes(64, 48, { r: 30, g: 120, b: 200 });
  const sha = sha256Of(png);
  const put = await page.request.put(`/api/attachments/${sha}?name=harbour.png`, {
    data: png,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.ok()).toBe(true);
  const created = await page.request.post('/api/notes', {
    data: { title: 'Harbour', content: `Boats:\n\n![harbour.png](/api/attachments/${sha})`, tags: [] },
  });
  expect(created.status()).toBe(201);

  await page.goto('/notes');
  await expect(page.getByText('1 note', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Import & Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export notes' }).click();
  const download = await downloading;
  await expect(page.getByRole('status')).toHaveText(/^Exported 1 note and 1 attached file to /);
  const zipPath = (await download.path())!;
  const files = unzipSync(new Uint8Array(await readFile(zipPath)));
  expect(Object.keys(files).sort()).toEqual(['Harbour.md', '_resources/harbour.png']);
  expect(sha256Of(Buffer.from(files['_resources/harbour.png']!))).toBe(sha);
  expect(strFromU8(files['Harbour.md']!)).toMatch(
    /\n\nBoats:\n\n!\[harbour\.png\]\(_resources\/harbour\.png\)$/,
  );

  // Another browser with nothing in it, and an account that no longer has the note.
  await clearNotes(page.request);
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await signIn(other);
    await other.goto('/import-export');
    await other.getByLabel('Files to import').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/zip',
      buffer: await readFile(zipPath),
    });
    const preview = other.getByTestId('import-preview');
    await expect(preview.getByRole('status')).toHaveText('1 new, 0 already here');
    await other.getByRole('button', { name: 'Import 1 note' }).click();
    await expect(other.getByText('Imported 1 note.')).toBeVisible({ timeout: 20_000 });
    await expect(
      other.getByRole('list', { name: 'Import report' }).getByText('imported with 1 attachment'),
    ).toBeVisible();

    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Notes' }).click();
    await other.getByTestId('note-card').getByText('Boats').click();
    const image = other.getByTestId('note-viewer').getByRole('img', { name: 'harbour.png' });
    // From the bytes the import stored in this browser, not from the server.
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => imageLoaded(image)).toBe(true);

    await expect
      .poll(
        async () => {
          const notes = (await (await page.request.get('/api/notes')).json()) as Array<{ content: string }>;
          return notes.map((n) => n.content);
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toEqual([`Boats:\n\n![harbour.png](/api/attachments/${sha})`]);
  } finally {
    await fresh.close();
  }
});
