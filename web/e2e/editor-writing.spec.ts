// Writing in the note editor in real Chromium: list, task and quote continuation and ending by keyboard,
// Tab nesting (and leaving the editor), Ctrl/Cmd+S/B/I/K, the box's height on a desktop and a phone, the
// side-by-side preview, task boxes ticked from the viewer reaching the server, and lazily coloured code.
import type { Page } from '@playwright/test';
import { axe } from './axe.ts';
import { createPost, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** Opens a new note with the full markdown editor loaded and the caret in its text. */
async function openEditor(page: Page) {
  await page.getByRole('button', { name: 'New Note' }).click();
  const content = page.locator('.w-md-editor').getByLabel('Content');
  await expect(content).toBeVisible();
  await content.click();
  return content;
}

interface ServerNote {
  title: string;
  content: string;
}
async function serverNotes(page: Page): Promise<ServerNote[]> {
  const response = await page.request.get('/api/notes');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerNote[];
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  const notes = (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>;
  for (const note of notes) await page.request.delete(`/api/notes/${note.id}`);
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
});

test('Enter continues lists, tasks and quotes, and an empty item ends the list', async ({ page }) => {
  const content = await openEditor(page);
  await page.keyboard.type('- milk');
  await page.keyboard.press('Enter');
  await page.keyboard.type('bread');
  await page.keyboard.press('Enter');
  await expect(content).toHaveValue('- milk\n- bread\n- ');
  await page.keyboard.press('Enter'); // empty item: the list ends
  await page.keyboard.type('After the list.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1. one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('two');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- [x] done');
  await page.keyboard.press('Enter');
  await page.keyboard.type('next');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('> quoted');
  await page.keyboard.press('Enter');
  await page.keyboard.type('more');
  await expect(content).toHaveValue(
    '- milk\n- bread\n\nAfter the list.\n\n1. one\n2. two\n\n- [x] done\n- [ ] next\n\n> quoted\n> more',
  );

  // The preview shows two separate blocks: "After the list." is not a third bullet.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('editor-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(6);
  await expect(preview.getByRole('paragraph').filter({ hasText: 'After the list.' })).toBeVisible();
});

test('Ctrl+Z undoes a continuation as one step', async ({ page }) => {
  const content = await openEditor(page);
  await page.keyboard.type('- a');
  await page.keyboard.press('Enter');
  await expect(content).toHaveValue('- a\n- ');
  await page.keyboard.press(`${mod}+z`);
  await expect(content).toHaveValue('- a');
});

test('Tab and Shift+Tab nest list items; outside lists and after Escape, Tab leaves the editor', async ({
  page,
}) => {
  const content = await openEditor(page);
  await expect(content).toHaveAccessibleDescription(/Press Escape, then Tab, to leave the editor/);
  await page.keyboard.type('- a');
  await page.keyboard.press('Enter');
  await page.keyboard.type('b');
  await page.keyboard.press('Tab');
  await expect(content).toHaveValue('- a\n  - b');
  await expect(content).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('c');
  await expect(content).toHaveValue('- a\n  - b\n  - c');
  await page.keyboard.press('Shift+Tab');
  await expect(content).toHaveValue('- a\n  - b\n- c');
  await expect(content).toBeFocused();

  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(content).not.toBeFocused();
  await expect(content).toHaveValue('- a\n  - b\n- c');

  // Plain text: Tab moves on at once.
  await content.click();
  await page.keyboard.press(`${mod}+End`);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('plain');
  await page.keyboard.press('Tab');
  await expect(content).not.toBeFocused();
  await expect(content).toHaveValue('- a\n  - b\n- c\n\nplain');
});

test('Ctrl+S saves the note (no browser dialog), stays in the editor, and the note reaches the server', async ({
  page,
}) => {
  const content = await openEditor(page);
  await page.keyboard.type('Saved by keyboard');
  await page.getByLabel('Title').fill('Keyboard save');
  await content.click();
  await page.evaluate(() => {
    window.addEventListener('keydown', (event) => {
      if (event.key === 's')
        (window as unknown as { saveKeyPrevented: boolean }).saveKeyPrevented = event.defaultPrevented;
    });
  });
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByText('Note created successfully')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { saveKeyPrevented: boolean }).saveKeyPrevented),
  ).toBe(true);
  // Saved and still writing: the editor stays open on the saved note.
  await expect(page.getByTestId('note-editor')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Keyboard save');
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 15_000 });
  expect(await serverNotes(page)).toMatchObject([{ title: 'Keyboard save', content: 'Saved by keyboard' }]);
});

test('Ctrl+B, Ctrl+I and Ctrl+K format the selection', async ({ page }) => {
  const content = await openEditor(page);
  await page.keyboard.type('one two three');
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 3));
  await page.keyboard.press(`${mod}+b`);
  await expect(content).toHaveValue('**one** two three');
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(8, 11));
  await page.keyboard.press(`${mod}+i`);
  await expect(content).toHaveValue('**one** *two* three');
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(14, 19));
  await page.keyboard.press(`${mod}+k`);
  await expect(content).toHaveValue('**one** *two* [three](url)');
  // One Ctrl+Z takes the link back off.
  await page.keyboard.press(`${mod}+z`);
  await expect(content).toHaveValue('**one** *two* three');
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(14, 19));
  await page.keyboard.press(`${mod}+k`);
  await page.keyboard.type('https://example.org');
  await expect(content).toHaveValue('**one** *two* [three](https://example.org)');
});

test('the editing box fills a tall window and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1200 });
  await openEditor(page);
  const box = await page.locator('.w-md-editor').boundingBox();
  expect(box?.height).toBeGreaterThan(700);
  expect(box?.height).toBeLessThan(1200);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Side-by-side preview' })).toBeHidden();
  await expect
    .poll(async () => (await page.locator('.w-md-editor').boundingBox())?.height)
    .toBeLessThan(844 - 100);
  const phone = await page.locator('.w-md-editor').boundingBox();
  expect(phone?.height).toBeGreaterThan(300);
  expect((phone?.x ?? 0) + (phone?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the preview shows side by side on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const content = await openEditor(page);
  await page.keyboard.type('# Side heading\n\nSome text');
  const toggle = page.getByRole('button', { name: 'Side-by-side preview' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const live = page.getByTestId('editor-live-preview');
  await expect(live.getByRole('heading', { name: 'Side heading' })).toBeVisible();
  await content.click();
  await page.keyboard.press(`${mod}+End`);
  await page.keyboard.type(' and more');
  await expect(live.getByText('Some text and more')).toBeVisible();
  const text = await content.boundingBox();
  const shown = await live.boundingBox();
  expect(shown && text && shown.x >= text.x + text.width - 2).toBe(true);
  expect(shown && text && Math.abs(shown.y - text.y) < 50).toBe(true);
});

test('a task box ticked in the viewer is saved and reaches the server', async ({ page }) => {
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill('Shopping');
  await page
    .getByLabel('Content')
    .fill('- [ ] milk\n- [ ] bread\n- [ ] milk\n\n<script>window.hacked = 1</script>');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 15_000 });

  await page.getByTestId('note-card').getByRole('heading', { name: 'Shopping' }).click();
  const viewer = page.getByTestId('note-viewer');
  const milks = viewer.getByRole('checkbox', { name: 'milk' });
  await expect(milks).toHaveCount(2);
  await milks.nth(1).click();
  await expect(milks.nth(1)).toBeChecked();
  await expect(milks.nth(0)).not.toBeChecked();
  // By keyboard, at once (a quick second tick is kept): focus and Space; focus stays on the box.
  const bread = viewer.getByRole('checkbox', { name: 'bread' });
  await bread.focus();
  await page.keyboard.press('Space');
  await expect(bread).toBeChecked();
  await expect(page.getByText('Task not updated')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('aria-label')),
    )
    .toBe('bread');
  await expect(viewer.locator('script')).toHaveCount(0);

  const expected = '- [ ] milk\n- [x] bread\n- [x] milk\n\n<script>window.hacked = 1</script>';
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 15_000 });
  await expect.poll(async () => (await serverNotes(page))[0]?.content, { timeout: 15_000 }).toBe(expected);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

  // Unticking works the same way.
  await milks.nth(1).click();
  await expect(milks.nth(1)).not.toBeChecked();
  await expect
    .poll(async () => (await serverNotes(page))[0]?.content, { timeout: 15_000 })
    .toBe(expected.replace('- [x] milk', '- [ ] milk'));
});

test('fenced code is coloured in the viewer and the preview, loading the highlighter only then', async ({
  page,
}) => {
  const highlighterRequests: string[] = [];
  page.on('request', (request) => {
    if (/code-highlighter-|\/javascript-/.test(request.url())) highlighterRequests.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill('Snippet');
  await page.getByLabel('Content').fill('Example:\n\n```js\nconst answer = 42;\n```');
  expect(highlighterRequests).toEqual([]);

  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('editor-preview');
  await expect(preview.locator('code .hljs-keyword')).toHaveText('const');
  await expect(preview.locator('code .hljs-number')).toHaveText('42');
  expect(highlighterRequests.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
  await page.getByTestId('note-card').getByRole('heading', { name: 'Snippet' }).click();
  const viewer = page.getByTestId('note-viewer');
  await expect(viewer.locator('code .hljs-keyword')).toHaveText('const');
  await expect(viewer.locator('code')).toHaveText('const answer = 42;\n');
  // The colours keep code readable (axe's contrast check covers the coloured spans).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await axe(page).include('[data-testid="note-viewer"] pre').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('a published post shows its code coloured by the server, with no highlighter script', async ({
  browser,
}) => {
  const api = await ownerApi();
  const post = await createPost(api, {
    title: `Code post ${uniqueWord()}`,
    content: 'A snippet:\n\n```python\ndef answer():\n    return 42\n```',
    published: true,
  });
  await api.dispose();
  // An anonymous visitor, with script off: the colours are in the served HTML and CSS.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(postUrl(post));
  const keyword = page.locator('pre code .hljs-keyword').first();
  await expect(keyword).toHaveText('def');
  const colours = await page.locator('pre code').evaluate((code) => ({
    keyword: getComputedStyle(code.querySelector('.hljs-keyword') as Element).color,
    plain: getComputedStyle(code).color,
  }));
  expect(colours.keyword).not.toBe(colours.plain);
  expect(scripts.filter((url) => /code-highlighter|highlight/.test(url))).toEqual([]);
  await context.close();
});
