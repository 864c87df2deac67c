// Every overlay of the owner's screens, opened and closed in real Chromium: once closed it is gone from the
// page (not merely moved off-screen or marked `hidden` while still laid out), nothing in it is exposed as a
// dialog or menu or reachable with Tab, and focus is back on the control that opened it.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { subscribeConfirmed } from './mail-helpers.ts';

/** No open overlay anywhere: none in the accessibility tree, none laid out despite `hidden`. */
async function expectNoOverlay(page: Page) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('menu')).toHaveCount(0);
  // `hidden` that CSS overrides (display: flex) leaves an element rendered and exposed.
  const laidOutDespiteHidden = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[hidden]')]
      .filter((el) => getComputedStyle(el).display !== 'none')
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  expect(laidOutDespiteHidden).toEqual([]);
}

/** Walks the page with Tab and returns what received focus that sits in a hidden or closed overlay. */
async function focusableInClosedOverlays(page: Page, steps = 40): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const found: string[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const closed = el.closest(
        '[hidden], [data-state="closed"][role="dialog"], [data-state="closed"][role="menu"]',
      );
      return closed ? `${el.tagName} "${el.textContent?.trim().slice(0, 40)}"` : null;
    });
    if (hit) found.push(hit);
  }
  return found;
}

/** Opens with `open`, checks the overlay is there, closes with `close`, checks it is gone and focus is back. */
async function openAndClose(
  page: Page,
  opener: Locator,
  overlay: Locator,
  close: (overlay: Locator) => Promise<void>,
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(overlay).toBeVisible();
  await close(overlay);
  await expect(overlay).toHaveCount(0);
  await expectNoOverlay(page);
  await expect(opener).toBeFocused();
}

const pressEscape = (page: Page) => async () => {
  await page.keyboard.press('Escape');
};

async function createServerNote(page: Page, title: string) {
  const response = await page.request.post('/api/notes', {
    data: {
      title,
      content: `# ${title}\n\nSome text about ${title}.\n\n## Details\n\nMore text.`,
      tags: ['x'],
    },
  });
  expect(response.status()).toBeLessThan(300);
}

test.beforeEach(async ({ signIn }) => {
  await signIn();
});

test('notes screen: sync details, note viewer, delete confirmation and study mode close completely', async ({
  page,
}) => {
  const title = `Overlay note ${Date.now()}`;
  await createServerNote(page, title);
  await page.goto('/notes');
  const card = page.getByTestId('note-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expectNoOverlay(page);

  // Sync details popover.
  const syncStatus = page.getByTestId('sync-status');
  await openAndClose(page, syncStatus, page.getByRole('dialog', { name: 'Sync details' }), pressEscape(page));

  // The note viewer, then the page as the issue found it: no "Sync details" left behind, no "Sync now" by Tab.
  await openAndClose(
    page,
    card.getByRole('button', { name: `Open note: ${title}` }),
    page.getByRole('dialog', { name: title }),
    pressEscape(page),
  );
  expect(await focusableInClosedOverlays(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);

  // The viewer closed with its own Close button.
  await openAndClose(
    page,
    card.getByRole('button', { name: `Open note: ${title}` }),
    page.getByRole('dialog', { name: title }),
    async (dialog) => dialog.getByRole('button', { name: 'Close' }).click(),
  );

  // Delete confirmation, cancelled.
  await openAndClose(
    page,
    card.getByRole('button', { name: 'Delete Note' }),
    page.getByRole('alertdialog'),
    async (dialog) => dialog.getByRole('button', { name: 'Cancel' }).click(),
  );

  // Study mode.
  await openAndClose(
    page,
    card.getByRole('button', { name: 'Study Mode' }),
    page.getByTestId('study-mode'),
    pressEscape(page),
  );

  expect(await focusableInClosedOverlays(page)).toEqual([]);
});

test('navigation bar: the theme menu and the mobile menu close completely', async ({ page }) => {
  await page.goto('/notes');
  const theme = page.getByRole('button', { name: /^Theme: / });
  await openAndClose(page, theme, page.getByRole('menu', { name: 'Theme' }), pressEscape(page));
  // Choosing an option closes it too, and focus goes back to the button.
  await theme.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expectNoOverlay(page);
  await expect(theme).toBeFocused();
  await page.getByRole('button', { name: /^Theme: / }).click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();

  await page.setViewportSize({ width: 390, height: 800 });
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await expectNoOverlay(page);
});

test('blog administration: the post editor and the delete confirmation close completely', async ({
  page,
}) => {
  const created = await page.request.post('/api/admin/blog', {
    data: { title: `Overlay post ${Date.now()}`, content: 'Body text', excerpt: 'Short', tags: [] },
  });
  expect(created.status()).toBe(201);
  await page.goto('/blog/admin');
  await expect(page.getByRole('heading', { name: 'Blog Administration' })).toBeVisible();
  await expectNoOverlay(page);

  await openAndClose(
    page,
    page.getByRole('button', { name: 'Create New Post' }),
    page.getByRole('dialog', { name: 'Create New Blog Post' }),
    pressEscape(page),
  );
  await openAndClose(
    page,
    page.getByRole('button', { name: 'Create New Post' }),
    page.getByRole('dialog', { name: 'Create New Blog Post' }),
    async (dialog) => dialog.getByRole('button', { name: 'Cancel' }).click(),
  );
  const card = page.getByTestId('admin-post-card').first();
  await openAndClose(
    page,
    card.getByRole('button', { name: 'Edit' }),
    page.getByRole('dialog'),
    pressEscape(page),
  );
  await openAndClose(
    page,
    card.getByRole('button', { name: 'Delete' }),
    page.getByRole('alertdialog'),
    async (dialog) => dialog.getByRole('button', { name: 'Cancel' }).click(),
  );
  expect(await focusableInClosedOverlays(page)).toEqual([]);
});

test('subscribers: the unsubscribe confirmation closes completely', async ({ page, playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const email = `overlay-${Date.now()}@example.com`;
  // A confirmed (active) subscriber: only those have an Unsubscribe button (double opt-in).
  await subscribeConfirmed(visitor, page.request, { email, interests: [] });
  await visitor.dispose();
  await page.goto('/admin/subscribers');
  await expect(page.getByRole('heading', { name: 'Newsletter Subscribers' })).toBeVisible();
  await openAndClose(
    page,
    page.getByRole('button', { name: `Unsubscribe ${email}` }),
    page.getByRole('alertdialog', { name: 'Unsubscribe Contact' }),
    pressEscape(page),
  );
  expect(await focusableInClosedOverlays(page)).toEqual([]);
});
