// A warm reload of the notes screen: the page's shell reads the newest notes from IndexedDB while the app's
// scripts load (web/src/db/first-page-script.ts), so the screen's first render already shows the cards, never
// placeholder cards first; what it shows is the database at the reload (an edit made just before shows, a
// deleted note does not), and the shell's rows are dropped once the screen has rendered. Desktop and phone.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface ReloadSeen {
  placeholder: boolean;
  firstCards: string[] | null;
}

/** In the page from its first byte: the first cards' text, and whether placeholder cards ever showed. */
function recordReload() {
  const w = window as unknown as { __reload: ReloadSeen };
  w.__reload = { placeholder: false, firstCards: null };
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="notes-loading"]')) w.__reload.placeholder = true;
    const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="note-card"]')];
    if (w.__reload.firstCards === null && cards.length > 0)
      w.__reload.firstCards = cards.map((card) => card.textContent ?? '');
  }).observe(document, { childList: true, subtree: true });
}

const card = (page: Page, title: string) => page.getByTestId('note-card').filter({ hasText: title });

async function warmReload(page: Page) {
  const run = Math.random().toString(36).slice(2, 8);
  const kept = `Reload kept ${run}`;
  const gone = `Reload deleted ${run}`;
  const before = `Reload before edit ${run}`;
  const after = `Reload after edit ${run}`;
  for (const title of [kept, gone, before]) {
    const created = await page.request.post('/api/notes', {
      data: { title, content: `Written for the warm reload test ${run}.`, tags: [] },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/notes');
  await expect(card(page, before)).toBeVisible({ timeout: 20_000 });
  await expect(card(page, gone)).toBeVisible();

  await card(page, gone).getByRole('button', { name: 'Delete Note' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Note moved to Trash')).toBeVisible();
  await card(page, before).getByRole('button', { name: 'Edit Note' }).click();
  await page.getByLabel('Title').fill(after);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await expect(card(page, after)).toBeVisible();

  await page.addInitScript(recordReload);
  await page.reload();
  await expect(card(page, after)).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { __reload: ReloadSeen }).__reload);
  expect(seen.placeholder).toBe(false);
  const first = (seen.firstCards ?? []).join('\n');
  expect(first).toContain(after);
  expect(first).toContain(kept);
  expect(first).not.toContain(before);
  expect(first).not.toContain(gone);
  // Used once: a screen rendered later reads the database itself.
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__pnFirstPage)).toBeNull();
  // The cards are the live list's: they act at once.
  await card(page, kept).getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(kept);
}

test.beforeEach(async ({ signIn }) => {
  await signIn();
});

test('a warm reload shows the stored notes in its first render, as the database has them', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await warmReload(page);
});

test('the same on a 390 px phone, and nothing wider than the screen', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await warmReload(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
