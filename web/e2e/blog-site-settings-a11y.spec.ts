// Accessibility of the owner's new blog screens with axe-core, in light and dark: Blog Admin with its
// waiting-comments count, the moderation queue with a comment waiting, and Settings › Site. No serious or
// critical violations.
import { seriousViolations } from './axe.ts';
import { createPost, ownerApi, uniqueWord } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';
import { readerAddress } from './mail-helpers.ts';

// Several whole-page axe runs per test, each seconds of the browser's CPU when the machine is busy: long
// work, so a minute rather than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  const api = await ownerApi();
  const word = uniqueWord();
  const post = await createPost(api, { title: `Axe queue ${word}` });
  await api.post(`/api/blog/${post.id}/comments`, {
    headers: readerAddress(),
    data: { author: 'Axe Reader', email: `axe-${word}@example.com`, content: 'Waiting for the owner.' },
  });
  await api.dispose();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('Blog Admin’s count, the moderation queue and Settings › Site', async ({ page, signIn }) => {
      await signIn();
      await page.goto('/blog/admin');
      await expect(page.getByRole('link', { name: /^Comments/ })).toContainText('waiting');
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/admin/comments');
      await expect(
        page.getByRole('list', { name: 'Comments waiting' }).getByRole('listitem').first(),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Site' }).click();
      await expect(page.getByRole('form', { name: 'Site' }).getByLabel('Site title')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
