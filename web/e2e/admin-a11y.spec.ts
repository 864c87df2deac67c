// Accessibility of the admin screens with axe-core: no serious or critical violations on the blog
// administration (list and post dialog) and the subscribers table, in light and dark.
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Several whole-page axe runs per test, each seconds of the browser's CPU when the machine is busy: long
// work, so a minute rather than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const answer = await request.post('/api/subscribe', {
    data: { email: 'axe@example.com', name: 'Axe Tester', interests: ['a11y'] },
  });
  expect(answer.status()).toBeLessThan(300);
  await request.dispose();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('/blog/admin and its post dialog', async ({ page, signIn }) => {
      await signIn();
      for (const published of [true, false]) {
        const created = await page.request.post('/api/admin/blog', {
          data: {
            title: `Axe ${scheme} ${published}`,
            excerpt: 'Checked',
            content: '# Hi',
            tags: ['a11y'],
            published,
          },
        });
        expect(created.status()).toBe(201);
      }
      await page.goto('/blog/admin');
      await expect(page.getByTestId('admin-post-card').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create New Post' }).click();
      await expect(page.getByRole('dialog', { name: 'Create New Blog Post' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/admin/subscribers', async ({ page, signIn }) => {
      await signIn();
      await page.goto('/admin/subscribers');
      await expect(page.getByTestId('subscriber-row').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
