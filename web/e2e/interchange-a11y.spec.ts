// Accessibility of the interchange screens with axe-core: Import & Export (with an import's preview and report)
// and the note viewer's History with a diff, in light and dark; no serious or critical violations.
import { strToU8, zipSync } from 'fflate';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Several whole-page axe runs per test, each seconds of the browser's CPU when the machine is busy: long
// work, so a minute rather than the default 30 s.
test.describe.configure({ timeout: 60_000 });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });
    test('Import & Export and History', async ({ page, signIn }) => {
      test.setTimeout(90_000);
      await signIn();
      for (const note of (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>) {
        await page.request.delete(`/api/notes/${note.id}`);
      }
      const created = await page.request.post('/api/notes', {
        data: { title: 'Doc', content: 'one\ntwo', tags: [] },
      });
      const { id } = (await created.json()) as { id: number };
      await page.request.put(`/api/notes/${id}`, { data: { content: 'one\nthree', baseVersion: 1 } });

      await page.goto('/import-export');
      await expect(page.getByRole('heading', { name: 'Import & Export' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Files to import').setInputFiles({
        name: 'notes.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(zipSync({ 'a.md': strToU8('# A\n\ntext'), 'b.png': new Uint8Array([1, 2]) })),
      });
      await expect(page.getByTestId('import-preview').getByRole('status')).toHaveText(
        '1 new, 0 already here',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Import 1 note' }).click();
      await expect(page.getByText('Imported 1 note.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/notes?view=${id}`);
      const viewer = page.getByTestId('note-viewer');
      await expect(viewer.getByText('three')).toBeVisible({ timeout: 30_000 });
      await viewer.getByRole('button', { name: 'History' }).click();
      await expect(viewer.getByTestId('revision-diff-summary')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
