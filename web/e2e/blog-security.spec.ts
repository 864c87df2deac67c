// Script injection in the browser (DECISIONS: nothing a visitor or AI writes can run script): a post, a
// comment and a note carrying <script>, onerror/onload handlers and javascript: links render inert or are
// removed. Any dialog, or the marker the payloads set, fails the test.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createPost, hydrated, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { E2E_OWNER } from './owner.ts';

const PAYLOAD = [
  `<script>window.__pwned = 'script'; alert('script')</script>`,
  `<img src="x" onerror="window.__pwned = 'onerror'; alert('onerror')">`,
  `<svg onload="window.__pwned = 'onload'; alert('onload')"></svg>`,
  `<a href="javascript:window.__pwned='raw-link';alert('raw-link')">raw link</a>`,
  `[markdown link](javascript:alert('md-link'))`,
  `<iframe src="javascript:alert('iframe')"></iframe>`,
  `<details open ontoggle="alert('toggle')"><summary>x</summary></details>`,
].join('\n\n');

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await ownerApi();
});
test.afterAll(async () => {
  await api.dispose();
});

function watchForScript(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

async function expectInert(page: Page, dialogs: string[], scope: string): Promise<void> {
  // Give any handler (image error, load, toggle) time to fire.
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  const found = await page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return null;
    const all = [...root.querySelectorAll('*')];
    return {
      // The page's own module scripts are fine; a script or frame carrying the payload is not.
      scripts:
        root.querySelectorAll('iframe').length +
        [...root.querySelectorAll('script')].filter((el) => /alert|__pwned/.test(el.textContent ?? ''))
          .length,
      handlers: all.filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
      jsLinks: all.filter((el) =>
        /^\s*javascript:/i.test(el.getAttribute('href') ?? el.getAttribute('src') ?? ''),
      ).length,
    };
  }, scope);
  expect(found).toEqual({ scripts: 0, handlers: 0, jsLinks: 0 });
}

test('a post and a comment with script, handlers and javascript: links stay inert', async ({ page }) => {
  const dialogs = watchForScript(page);
  const title = `<img src=x onerror="alert('title')"> Unsafe ${uniqueWord()}`;
  const post = await createPost(api, {
    title,
    excerpt: `<script>alert('excerpt')</script>`,
    content: `# Safe heading\n\nA normal paragraph.\n\n${PAYLOAD}`,
    faq: [{ question: `<script>alert('faq')</script>`, answer: `<img src=x onerror="alert('faq')">` }],
    tags: ['security'],
  });
  const comment = await api.post(`/api/blog/${post.id}/comments`, {
    data: { author: `<script>alert('author')</script>`, email: 'x@example.com', content: PAYLOAD },
  });
  await api.put(`/api/comments/${(await comment.json()).id}/approve`, { data: {} });

  await page.goto(postUrl(post));
  await hydrated(page);
  await expect(page.locator('#post-title')).toHaveText(title);
  await expect(page.getByTestId('post-content')).toContainText('A normal paragraph.');
  await expectInert(page, dialogs, '[data-testid="post-content"]');
  await expectInert(page, dialogs, 'main');
  // The comment's markup shows as text.
  await expect(page.getByTestId('comment')).toContainText(`<script>window.__pwned = 'script'`);
  await expect(page.getByTestId('comment')).toContainText(`<script>alert('author')</script>`);

  // Clicking every link left in the content does nothing harmful either.
  for (const link of await page.getByTestId('post-content').getByRole('link').all()) {
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).not.toMatch(/^\s*javascript:/i);
  }

  // The blog home and the tag page show the same post as text.
  await page.goto('/blog?search=Unsafe');
  await hydrated(page);
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await expectInert(page, dialogs, 'main');
  await page.goto('/blog/tags/security');
  await hydrated(page);
  await expectInert(page, dialogs, 'main');
});

test('a note with the same payload is inert in the owner notes screen', async ({ page }) => {
  const dialogs = watchForScript(page);
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  const title = `Unsafe note ${uniqueWord()}`;
  const res = await page.request.post('/api/notes', {
    data: { title, content: `Intro line.\n\n${PAYLOAD}`, tags: ['security'] },
  });
  expect(res.ok()).toBe(true);

  await page.goto('/notes');
  const card = page.getByText(title).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expectInert(page, dialogs, 'body');
  // Open the note (the viewer renders its markdown).
  await card.click();
  await expect(page.getByText('Intro line.').first()).toBeVisible();
  await expectInert(page, dialogs, 'body');
});
