// An image travels between devices: device A pastes it into a note with no connection and syncs once back
// online; device B (its own browser profile) opens the note in study mode, which fetches the note's files at
// once, then loses its connection, reloads, and still studies the note with the image, from its own copy.
import { imageLoaded, pngBytes, sendFiles, sha256Of, waitForServiceWorker } from './attachment-helpers.ts';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { noteCard } from './study-fixtures.ts';

test('device A pastes an image offline; study mode on device B shows it with no connection', async ({
  page,
  context,
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  const title = `Diagram ${Date.now()}`;
  const png = await pngBytes(160, 90, { r: 20, g: 90, b: 200 });
  const sha = sha256Of(png);

  // Device A, offline: paste, save; back online: the note and its file reach the server.
  await page.goto('/notes');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill(title);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.fill('The cycle, drawn:\n');
  await sendFiles(content, 'paste', [
    { name: 'cycle.png', base64: png.toString('base64'), type: 'image/png' },
  ]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 30_000 });

  // Device B: another profile, signed in, online. Study mode fetches the note's files straight away.
  const deviceB = await browser.newContext();
  try {
    const pageB = await deviceB.newPage();
    expect((await pageB.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
    await pageB.goto('/notes');
    await waitForServiceWorker(pageB);
    await noteCard(pageB, title).getByRole('button', { name: 'Study Mode' }).click();
    const study = pageB.getByTestId('study-mode');
    const image = study.getByRole('img', { name: 'cycle.png' });
    await expect.poll(() => imageLoaded(image), { timeout: 15_000 }).toBe(true);
    await study.getByRole('button', { name: 'Close' }).click();
    await expect(study).toBeHidden();

    // B loses its connection and reloads: the app, the note and the image all come from the device.
    await deviceB.setOffline(true);
    await pageB.reload();
    await expect(pageB.getByTestId('sync-status')).toContainText('Offline');
    await noteCard(pageB, title).getByRole('button', { name: 'Study Mode' }).click();
    const offlineImage = pageB.getByTestId('study-mode').getByRole('img', { name: 'cycle.png' });
    await expect(offlineImage).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => imageLoaded(offlineImage), { timeout: 15_000 }).toBe(true);
    // The same picture: the size and colour A pasted.
    const shown = await offlineImage.evaluate((img) => {
      const image = img as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context2d = canvas.getContext('2d');
      context2d?.drawImage(image, 0, 0);
      const [r, g, b] = context2d?.getImageData(80, 45, 1, 1).data ?? [];
      return { width: image.naturalWidth, height: image.naturalHeight, r, g, b };
    });
    expect(shown).toEqual({ width: 160, height: 90, r: 20, g: 90, b: 200 });
    // And B holds the file itself, under the hash of A's bytes.
    const held = await pageB.evaluate(
      (hash) =>
        new Promise<boolean>((resolve, reject) => {
          const open = indexedDB.open('private-notes');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('attachments').objectStore('attachments').get(hash);
            get.onsuccess = () => resolve(get.result !== undefined);
            get.onerror = () => reject(get.error);
          };
        }),
      sha,
    );
    expect(held).toBe(true);
  } finally {
    await deviceB.close();
  }
});
