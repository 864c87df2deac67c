// Accessibility of the notes screens with axe-core: no serious or critical violations on the list, the
// filters, the editor, the viewer and the delete dialog, in light and dark.
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Several whole-page axe runs per test, each seconds of the browser's CPU when the machine is busy: long
// work, so a minute rather than the default 30 s.
test.describe.configure({ timeout: 60_000 });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });
    test('notes screens', async ({ page, signIn }) => {
      await signIn();
      for (const note of (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>) {
        await page.request.delete(`/api/notes/${note.id}`);
      }
      await page.goto('/notes');
      // Shown once the first sync has found no notes (a new device never says so before).
      await expect(page.getByText('No notes yet')).toBeVisible({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'New Note' }).click();
      await page.getByLabel('Title').fill('Accessible note');
      await page.getByLabel('Content').fill('# Heading\n\nSome **bold** text.');
      await page.getByLabel('Tags (comma separated)').fill('a, b, c, d');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save' }).click();
      // The frame's toast is checked by the shell's own tests; these checks cover the notes screens.
      await expect(page.getByText('Note created successfully')).toBeHidden({ timeout: 10_000 });

      await page.getByRole('button', { name: 'Search & Filter' }).click();
      await expect(page.getByTestId('note-card')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('note-card').getByText('Some bold text.').click();
      await expect(page.getByTestId('note-viewer')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('note-viewer').getByRole('button', { name: 'Close' }).click();
      // Checked once its closing animation is over: a half-faded viewer is not what anyone reads.
      await expect(page.getByTestId('note-viewer')).toHaveCount(0);

      await page.getByTestId('note-card').getByRole('button', { name: 'Delete Note' }).click();
      await expect(page.getByText('Are you sure you want to delete this note?')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
