// A phone layout that fits: at 360×740 and 390×844 no owner screen or public page scrolls sideways
// (measured against the window's configured width, sideways.ts), and a failure names the widest element.
import type { Page } from '@playwright/test';
import { createPost, ownerApi, postUrl } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll } from './sideways.ts';
import { createServerNote, toast } from './study-fixtures.ts';

const LONG_TITLE = 'Cell Biology Overview: Mitochondria, Chloroplasts and Endosymbiosis Explained';
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis-and-more-without-spaces';

/** In the open editor: a toast raised by Suggest Tags leaves the editor's action buttons uncovered. */
async function expectToastClearOfEditorButtons(page: Page) {
  const names = ['Suggest Tags', 'Extract Insights', 'Cancel', 'Save'];
  // The buttons at the bottom edge of the window, where they are when the owner reaches them.
  await page.getByLabel('Title').fill('Mitochondria');
  await page.getByLabel('Content').fill('Mitochondria make energy for the cell through respiration.');
  await page.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Suggest Tags' }).click();
  // Whichever Suggest Tags reports (suggested, none, or an error), it is the one toast on screen.
  const shown = toast(page, 'tags');
  await expect(shown).toBeVisible();
  await expect(shown).toHaveCSS('opacity', '1');
  const box = (await shown.boundingBox())!;
  for (const name of names) {
    const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
    const overlaps =
      box.x < button.x + button.width &&
      button.x < box.x + box.width &&
      box.y < button.y + button.height &&
      button.y < box.y + box.height;
    expect.soft(overlaps, `the toast covers the editor's ${name} button`).toBe(false);
  }
  await shown.getByRole('button', { name: 'Close notification' }).click();
}

const OWNER_PATHS = [
  '/notes',
  '/trash',
  '/settings',
  '/import-export',
  '/blog/admin',
  '/admin/comments',
  '/admin/subscribers',
  '/admin/outbox',
  '/ai-explanations',
  '/study/stats',
];

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

let postPath = '';
let tagPath = '';
let _noteId = 0;

test.beforeAll(async () => {
  const api = await ownerApi();
  const tag = `phone-${Date.now().toString(36)}`;
  const post = await createPost(api, {
    title: `${LONG_TITLE} ${LONG_WORD}`,
    excerpt: `An excerpt with ${LONG_WORD} in it.`,
    content: `# ${LONG_TITLE}\n\nA paragraph with ${LONG_WORD}.\n\n\`\`\`\nconst aVeryLongLineOfCode = "${LONG_WORD}${LONG_WORD}";\n\`\`\`\n\n| Column one | Column two | Column three | Column four |\n| --- | --- | --- | --- |\n| ${LONG_WORD} | b | c | d |`,
    tags: [tag, 'biology', 'science-and-nature'],
  });
  postPath = postUrl(post);
  tagPath = `/blog/tags/${tag}`;
  await api.dispose();
});

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: true });

    test('owner screens do not scroll sideways', async ({ page, signIn }) => {
      test.setTimeout(120_000);
      await signIn();
      const existing = (await (await page.request.get('/api/notes')).json()) as Array<{ title: string }>;
      if (!existing.some((n) => n.title === LONG_TITLE)) {
        _noteId = (
          await createServerNote(page, {
            title: LONG_TITLE,
            content: `# ${LONG_TITLE}\n\nMitochondria make energy. ${LONG_WORD}.\n\n\`\`\`\n${LONG_WORD}${LONG_WORD}\n\`\`\``,
            tags: ['biology', 'cells-and-organelles', 'exam-preparation'],
          })
        ).id;
        await createServerNote(page, { title: 'Groceries', content: 'milk and bread', tags: ['home'] });
        await createServerNote(page, {
          title: LONG_WORD,
          content: LONG_WORD,
          tags: ['a-rather-long-tag-name'],
        });
      }

      await page.goto('/notes');
      await expect(page.getByTestId('note-card').filter({ hasText: 'Groceries' })).toBeVisible();
      await expectNoSidewaysScroll(page, '/notes');
      // The bottom tab bar stays on screen.
      const tabs = page.getByRole('navigation', { name: 'Tabs' });
      await expect(tabs).toBeInViewport({ ratio: 1 });

      // Reloaded with the notes on this device: the count never says "0 notes" on the way (placeholders do).
      await page.evaluate(() => sessionStorage.setItem('count-texts', '[]'));
      await page.addInitScript(() => {
        const seen: string[] = [];
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="note-count"]')?.textContent;
          if (text && seen.at(-1) !== text) {
            seen.push(text);
            sessionStorage.setItem('count-texts', JSON.stringify(seen));
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.reload();
      await expect(page.getByTestId('note-card').first()).toBeVisible();
      // The count can show after the first card: wait for it, and for the recorder to have written it down.
      await expect(page.getByTestId('note-count')).toBeVisible();
      const recorded = async (): Promise<string[]> =>
        JSON.parse((await page.evaluate(() => sessionStorage.getItem('count-texts'))) ?? '[]');
      await expect.poll(async () => (await recorded()).length).toBeGreaterThan(0);
      const counts = await recorded();
      expect.soft(counts, 'the note count while the list loads').not.toContain('0 notes');

      // Flashcards made on this device put the 'due today' badge in the header (generated locally, no model).
      const longCard = page.getByTestId('note-card').filter({ hasText: LONG_TITLE }).first();
      if ((await page.getByTestId('due-today-total').count()) === 0) {
        await longCard.getByRole('button', { name: 'Study Mode' }).click();
        const study = page.getByTestId('study-mode');
        await study.getByRole('tab', { name: 'Flashcards' }).click();
        await study.getByRole('button', { name: 'Generate Flashcards' }).click();
        await expect(study.getByTestId('flashcard-position')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(study).toHaveCount(0);
      }
      // The header wraps: count, sync status and due badge are whole and inside the window.
      for (const id of ['note-count', 'sync-status', 'due-today-total']) {
        const item = page.getByTestId(id);
        await expect(item).toBeVisible();
        const fits = await item.evaluate(
          (el) =>
            el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth,
        );
        expect.soft(fits, `${id} is cut or outside the window`).toBe(true);
      }
      await expectNoSidewaysScroll(page, '/notes with the due badge');

      await longCard.click();
      await expect(page.getByTestId('note-viewer')).toBeVisible();
      await expectNoSidewaysScroll(page, '/notes with the viewer open');
      // Titles wrap at word boundaries: no word that fits on a line is split across two lines.
      const split = await page
        .getByTestId('note-viewer')
        .getByRole('heading', { name: LONG_TITLE, level: 2 })
        .evaluate((heading) => {
          const text = heading.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return ['(title is not plain text)'];
          const broken: string[] = [];
          for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) broken.push(match[0]);
          }
          return broken;
        });
      expect.soft(split, 'words split across lines in the viewer title').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: 'New Note' }).click();
      await expect(page.getByLabel('Title')).toBeVisible();
      await expectToastClearOfEditorButtons(page);
      await page.getByLabel('Title').fill(LONG_WORD);
      await expectNoSidewaysScroll(page, '/notes with the editor open');
      await page.getByRole('button', { name: 'Cancel' }).click();

      for (const path of [
        '/trash',
        '/import-export',
        '/blog/admin',
        '/admin/comments',
        '/admin/subscribers',
      ]) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
      await page.goto('/admin/outbox');
      await expectNoSidewaysScroll(page, '/admin/outbox');
      await page.goto('/ai-explanations');
      await expectNoSidewaysScroll(page, '/ai-explanations');

      await page.goto('/settings');
      for (const tab of ['Profile', 'Site', 'Appearance', 'Notifications', 'Security', 'Locked notes']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectNoSidewaysScroll(page, `/settings (${tab})`);
      }
      // Six tabs are wider than a phone: the row scrolls, and no tab is squeezed under its label (the labels
      // overlapped one another at 390 px when the tabs shrank to fit).
      const squeezed = await page
        .getByRole('tab')
        .evaluateAll((tabs) =>
          tabs.filter((tab) => tab.scrollWidth > tab.clientWidth + 1).map((tab) => tab.textContent),
        );
      expect(squeezed, 'settings tabs narrower than their labels').toEqual([]);
    });

    test('public pages do not scroll sideways', async ({ page }) => {
      for (const path of [
        '/blog',
        postPath,
        '/blog/tags',
        tagPath,
        '/privacy-policy',
        '/terms-of-service',
        '/auth',
        '/unsubscribe',
      ]) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
    });
  });
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every owner screen starts its content at the navigation bar’s left edge', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/notes');
    const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
    const edges: string[] = [];
    for (const path of OWNER_PATHS) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      // The content's left edge: the leftmost visible heading, text, control or table inside main (containers
      // carry padding; admin headers start with a back link).
      const left = await page.locator('main').evaluate((main) =>
        Math.min(
          ...[...main.querySelectorAll('h1, h2, p, a, button, input, label, table, [role="tablist"]')]
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.width > 0 && r.height > 0)
            .map((r) => r.left),
        ),
      );
      const box = { x: left };
      // Within 2 px: a tab list's or a card's border may sit a pixel out.
      edges.push(`${path} ${Math.abs(box.x - logo!.x) <= 2 ? 'at the edge' : Math.round(box.x)}`);
    }
    expect(edges).toEqual(OWNER_PATHS.map((path) => `${path} at the edge`));
  });

  test('a toast leaves the editor’s buttons uncovered', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/notes');
    await page.getByRole('button', { name: 'New Note' }).click();
    await expect(page.getByLabel('Title')).toBeVisible();
    await expectToastClearOfEditorButtons(page);
  });
});
