// History in the note viewer, in real Chromium: the server's revisions listed with dates, a readable diff
// against the current text, and Restore making the next version of the same note, synced to the server.
import { expect, test } from './fixtures.ts';

test('History lists a revision, shows its diff, and Restore syncs a new version of the same note', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn();
  const notes = (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>;
  for (const note of notes) await page.request.delete(`/api/notes/${note.id}`);
  const created = await page.request.post('/api/notes', {
    data: { title: 'Recipe', content: 'flour\nwater\nsalt', tags: ['bread'] },
  });
  const { id } = (await created.json()) as { id: number };
  const edited = await page.request.put(`/api/notes/${id}`, {
    data: { content: 'flour\nwater\nsugar', baseVersion: 1 },
  });
  expect(edited.ok()).toBe(true);

  await page.goto(`/notes?view=${id}`);
  const viewer = page.getByTestId('note-viewer');
  // The first sync pulls the note in; on a busy machine that can take a while.
  await expect(viewer.getByText('sugar')).toBeVisible({ timeout: 30_000 });
  await viewer.getByRole('button', { name: 'History' }).click();

  const versions = viewer.getByRole('list', { name: 'Earlier versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions.getByText('Version 1 · Before later edits')).toBeVisible();
  await expect(viewer.getByTestId('revision-diff-summary')).toHaveText(
    '1 line added, 1 removed since this version',
  );
  const diff = viewer.getByRole('group', { name: 'Differences from the current text' });
  await expect(diff).toContainText('Removed: − salt');
  await expect(diff).toContainText('Added: + sugar');

  await viewer.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Version restored')).toBeVisible();
  await expect(viewer.getByText('salt')).toBeVisible(); // back to the note, now holding the restored text
  await expect(viewer.getByRole('button', { name: 'History' })).toHaveAttribute('aria-pressed', 'false');

  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/notes/${id}`)).json()) as { content: string; version: number },
      {
        timeout: 20_000,
      },
    )
    .toMatchObject({ content: 'flour\nwater\nsalt', version: 3 });
  const revisions = (await (await page.request.get(`/api/notes/${id}/revisions`)).json()) as Array<{
    version: number;
    reason: string;
  }>;
  expect(revisions.map((r) => `${r.version}:${r.reason}`)).toEqual(['2:restore', '1:edit']);
});
