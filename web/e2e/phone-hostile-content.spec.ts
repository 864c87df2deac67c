// No sideways scrolling at 360 px with hostile content on every screen, owner and public: unbroken words,
// long URLs, wide tables and long lines of code, in note cards, the note viewer, the editor, trash, study,
// the blog's admin, the blog home, a tag page and a post page (whose "Next" link has a long unbroken title).
import { createPost, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll } from './sideways.ts';
import { createServerNote } from './study-fixtures.ts';

const WORD = 'Antidisestablishmentarianism'.repeat(4);
const URL_ = `https://example.com/${'a-very-long-path-segment/'.repeat(8)}?query=${'x'.repeat(80)}`;
const TABLE = `| ${Array.from({ length: 9 }, (_, i) => `Column ${i} heading`).join(' | ')} |
| ${Array.from({ length: 9 }, () => '---').join(' | ')} |
| ${Array.from({ length: 9 }, (_, i) => `cell-${i}-${WORD.slice(0, 24)}`).join(' | ')} |`;
const CODE = `\`\`\`js\nconst line = "${'0123456789'.repeat(20)}";\n\`\`\``;
const HOSTILE = `# ${WORD}

A paragraph with ${WORD} and a link ${URL_} and [a named link](${URL_}) and \`${WORD}\`.

${TABLE}

${CODE}

- a list item with ${URL_}
> a quote with ${WORD}

Mitochondria are the powerhouse of the cell. Ribosomes make proteins from amino acids.`;

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('owner screens with hostile content do not scroll sideways at 360 px', async ({ page, signIn }) => {
  test.setTimeout(150_000);
  await signIn();
  const word = uniqueWord('hostile');
  const title = `${word}${WORD}`;
  await createServerNote(page, { title, content: HOSTILE, tags: [`tag-${WORD.slice(0, 45)}`] });
  const trashed = await createServerNote(page, { title: `Trashed ${title}`, content: HOSTILE });
  expect((await page.request.delete(`/api/notes/${trashed.id}`)).ok()).toBe(true);
  const api = await ownerApi();
  await createPost(api, { title: `Admin ${word}${WORD}`, excerpt: URL_, content: HOSTILE, tags: [] });
  await api.dispose();
  // A backup on the server: Import & Export then offers it with its date, the longest button there.
  expect((await page.request.post('/api/admin/backups', { timeout: 120_000 })).ok()).toBe(true);

  await page.goto('/notes');
  const card = page.getByTestId('note-card').filter({ hasText: word }).first();
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page, '/notes (cards)');

  await card.click();
  const viewer = page.getByTestId('note-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('table')).toBeVisible();
  await expectNoSidewaysScroll(page, '/notes (viewer)');
  // The viewer's own box fits the window too (a dialog may clip what the page does not).
  const viewerRight = await viewer.evaluate((el) => el.getBoundingClientRect().right);
  expect.soft(viewerRight, 'the viewer reaches past the window').toBeLessThanOrEqual(360);
  const contentFits = await viewer.evaluate((el) =>
    [...el.querySelectorAll('p, li, blockquote, h1, h2, h3')].every(
      (node) => node.getBoundingClientRect().right <= 360.5,
    ),
  );
  expect.soft(contentFits, 'text in the viewer reaches past the window').toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await card.getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expectNoSidewaysScroll(page, '/notes (editor)');
  await page.getByRole('button', { name: 'Cancel' }).click();

  for (const path of ['/trash', '/blog/admin', '/study', '/study/stats', '/import-export']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
});

test('public pages with hostile content do not scroll sideways at 360 px', async ({ page }) => {
  test.setTimeout(90_000);
  const word = uniqueWord('pub');
  const tag = `tag-${word}`;
  const api = await ownerApi();
  const first = await createPost(api, {
    title: `First ${word} ${WORD}`,
    excerpt: `An excerpt with ${URL_}`,
    content: HOSTILE,
    tags: [tag],
  });
  // The newer post: the first one's "Next" (or "Previous") link carries its long unbroken title.
  const second = await createPost(api, {
    title: `${word}${WORD}`,
    excerpt: WORD,
    content: HOSTILE,
    tags: [tag],
  });
  await api.dispose();

  for (const path of ['/blog', `/blog/tags/${tag}`, postUrl(first), postUrl(second)]) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  // On each post's page, the link to the other (one of them "Next") stays inside the window.
  for (const [post, other] of [
    [first, second],
    [second, first],
  ] as const) {
    await page.goto(postUrl(post));
    const more = page.getByRole('navigation', { name: 'More posts' });
    await expect(more.getByRole('link').filter({ hasText: other.title })).toBeVisible();
    const inside = await more.evaluate((nav) =>
      [...nav.querySelectorAll('*')].every((el) => el.getBoundingClientRect().right <= 360.5),
    );
    expect.soft(inside, `${postUrl(post)}: a Previous/Next link reaches past the window`).toBe(true);
  }
});
