// Accessibility of the public blog with axe-core, in light and dark: every violation counts (Lighthouse's
// accessibility score of 100 needs contrast, names, labels and heading order all right), including the
// comment form's error state, the share popover and the owner's pending section.
import { expect, type Page, test } from '@playwright/test';
import { axe } from './axe.ts';
import { createPost, hydrated, ownerApi, postUrl } from './blog-helpers.ts';
import { E2E_OWNER } from './owner.ts';

// Several whole-page axe runs per test, each seconds of the browser's CPU when the machine is busy: long
// work, so a minute rather than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function violations(page: Page): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

let postPath = '';
test.beforeAll(async () => {
  const api = await ownerApi();
  const tags = ['accessibility', 'knowledge', 'tools'];
  for (let i = 0; i < 3; i++)
    await createPost(api, { title: `Readable post ${i}`, tags, excerpt: 'For everyone.' });
  const post = await createPost(api, {
    title: 'An accessible post',
    content: '# First part\n\nText.\n\n## Second part\n\nMore text with a [link](https://example.com).',
    tags,
    faq: [{ question: 'Who is it for?', answer: 'Everyone.' }],
  });
  const comment = await api.post(`/api/blog/${post.id}/comments`, {
    data: { author: 'Reader', email: 'reader@example.com', content: 'Helpful.' },
  });
  await api.put(`/api/comments/${(await comment.json()).id}/approve`, { data: {} });
  await api.post(`/api/blog/${post.id}/comments`, {
    data: { author: 'Pending', email: 'pending@example.com', content: 'Waiting.' },
  });
  postPath = postUrl(post);
  await api.dispose();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('blog home, tags, tag page and unsubscribe', async ({ page }) => {
      for (const path of ['/blog', '/blog/tags', '/blog/tags/accessibility', '/unsubscribe']) {
        await page.goto(path);
        await hydrated(page);
        expect(await violations(page), path).toEqual([]);
      }
      await page.goto('/blog?tag=accessibility');
      await hydrated(page);
      expect(await violations(page), 'tag filter').toEqual([]);
      await page.getByPlaceholder('Search articles...').fill('no such thing at all');
      await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
      expect(await violations(page), 'no results').toEqual([]);
    });

    test('unsubscribe by a mail link, and the subscription confirmation', async ({ page }) => {
      for (const path of [
        '/unsubscribe?token=abcdefghijklmnop0123',
        '/subscribe/confirm?token=abcdefghijklmnop0123',
        '/subscribe/confirm',
      ]) {
        await page.goto(path);
        await hydrated(page);
        expect(await violations(page), path).toEqual([]);
      }
    });

    test('post page with comments, form errors and the share popover', async ({ page }) => {
      await page.goto(postPath);
      await hydrated(page);
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Submit Comment' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await page.locator('[data-sticky-bar]').getByRole('button', { name: 'Share' }).click();
      expect(await violations(page), 'errors and popover').toEqual([]);
    });

    test('post page for the owner (pending comments)', async ({ page }) => {
      expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
      await page.goto(postPath);
      await hydrated(page);
      await expect(page.getByTestId('pending-comments')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
