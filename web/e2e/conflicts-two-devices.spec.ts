// Two devices (two browser profiles) edit one note at the same time, one of them offline. Edits to different
// paragraphs merge by themselves (one note, both edits, no copy); edits to the same line give one visible
// conflict (status, notice, banners), resolved from the compare view without losing either text.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { createServerNote, noteCard, toast } from './study-fixtures.ts';

interface ServerNote {
  id: number;
  title: string;
  content: string;
}

const BASE = 'Groceries\n\nMilk and bread.\n\nCall the plumber.\n';

async function serverNotes(page: Page): Promise<ServerNote[]> {
  const response = await page.request.get('/api/notes');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerNote[];
}

const status = (page: Page) => page.getByTestId('sync-status');

/**
 * B's edit reached the server before A reconnects. B's "All changes synced" alone can be read in the moment
 * between its save and its push starting: A then pushed first, and the conflict was B's (CI, 2026-11-28).
 */
async function expectOnServer(page: Page, title: string, content: string) {
  await expect
    .poll(async () => (await serverNotes(page)).find((note) => note.title === title)?.content, {
      timeout: 30_000,
    })
    .toBe(content);
}

/** Opens the note's editor, replaces its content and saves (works offline: the editor is already loaded). */
async function editContent(page: Page, title: string, content: string, goOffline?: BrowserContext) {
  await noteCard(page, title).getByRole('button', { name: 'Edit Note' }).click();
  // The markdown editor itself (its toolbar), not the plain box that stands in while it loads and whose text
  // the loaded editor does not take over.
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible({ timeout: 15_000 });
  await goOffline?.setOffline(true);
  await page.getByLabel('Content').fill(content);
  await expect(page.getByLabel('Content')).toHaveValue(content);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Note updated successfully')).toBeVisible();
}

/** Device B: its own browser profile and session, showing the notes. */
async function secondDevice(page: Page, title: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  expect((await other.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await other.goto('/notes');
  await expect(noteCard(other, title)).toBeVisible();
  return { context, page: other };
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
});

test('edits to different paragraphs on two devices merge, with no copy', async ({ page, context }) => {
  test.setTimeout(90_000);
  const title = `Merge ${Date.now()}`;
  await createServerNote(page, { title, content: BASE });
  await page.goto('/notes');
  await expect(noteCard(page, title)).toBeVisible();
  const b = await secondDevice(page, title);

  // A edits the first paragraph offline; B edits the second one online meanwhile.
  await editContent(page, title, BASE.replace('Milk and bread.', 'Milk, bread and tomatoes.'), context);
  await expect(status(page)).toContainText('Offline');
  const theirsMerge = BASE.replace('Call the plumber.', 'Call the plumber at 9.');
  await editContent(b.page, title, theirsMerge);
  await expect(status(b.page)).toHaveText('All changes synced', { timeout: 15_000 });
  await expectOnServer(page, title, theirsMerge);

  await context.setOffline(false);
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
  const merged = 'Groceries\n\nMilk, bread and tomatoes.\n\nCall the plumber at 9.\n';
  expect((await serverNotes(page)).map((n) => `${n.title}|${n.content}`)).toEqual([`${title}|${merged}`]);
  await expect(noteCard(page, title)).toContainText('tomatoes');
  await expect(noteCard(page, title)).toContainText('at 9');
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Conflicts' })).toHaveCount(0);

  // B gets the merged text on its next sync.
  await b.page.reload();
  await expect(noteCard(b.page, title)).toContainText('tomatoes', { timeout: 15_000 });
  await b.context.close();
});

test('edits to the same line give one visible conflict, resolved from the compare view', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const title = `Conflict ${Date.now()}`;
  const { id } = await createServerNote(page, { title, content: BASE });
  await page.goto('/notes');
  await expect(noteCard(page, title)).toBeVisible();
  const b = await secondDevice(page, title);

  const mine = BASE.replace('Call the plumber.', 'Call the plumber today.');
  const theirs = BASE.replace('Call the plumber.', 'Call the electrician.');
  await editContent(page, title, mine, context);
  await editContent(b.page, title, theirs);
  await expect(status(b.page)).toHaveText('All changes synced', { timeout: 15_000 });
  await expectOnServer(page, title, theirs);
  await context.setOffline(false);

  // One conflict, said everywhere it matters on A.
  await expect(status(page)).toHaveText('1 conflict', { timeout: 30_000 });
  const notices = page.getByRole('region', { name: 'Conflicts' });
  await expect(notices).toContainText(`“${title}” was changed on another device`);
  await expect(page.getByTestId('note-card')).toHaveCount(2);
  const copyCard = noteCard(page, `${title} (conflicted copy`);
  await expect(copyCard).toContainText('today');
  // Both notes reached the server: nothing of either edit is lost before the owner chooses.
  expect((await serverNotes(page)).map((n) => n.content).sort()).toEqual([theirs, mine]);

  // The note and its copy each say so in the viewer.
  await page.getByRole('button', { name: `Open note: ${title}`, exact: true }).click();
  const viewer = page.getByTestId('note-viewer');
  await expect(viewer.getByTestId('conflict-banner')).toContainText('Your version was kept as');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await copyCard.getByRole('button', { name: `Open note: ${title} (conflicted copy` }).click();
  await expect(viewer.getByTestId('conflict-banner')).toContainText("This device's version of");

  // The compare view in a phone-sized window: the two versions stack, nothing overflows sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await viewer.getByRole('button', { name: 'Compare versions' }).click();
  const compare = page.getByTestId('conflict-compare');
  await expect(compare.getByRole('heading', { name: 'Compare versions' })).toBeVisible();
  const other = compare.getByRole('region', { name: 'Other version' });
  const local = compare.getByRole('region', { name: "This device's version" });
  await expect(other).toContainText('Call the electrician.');
  await expect(local).toContainText('Call the plumber today.');
  const [boxOther, boxLocal] = [await other.boundingBox(), await local.boundingBox()];
  expect(boxLocal!.y).toBeGreaterThanOrEqual(boxOther!.y + boxOther!.height);
  expect(boxOther!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // After the opening animation (a half-faded dialog is not what the owner reads), and with the pointer off the
  // buttons (the click that opened the view leaves it over one, in its hover colour).
  await compare.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await page.mouse.move(0, 0);
  const axe = await new AxeBuilder({ page }).include('[data-testid="conflict-compare"]').analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // Keep this device's text: the note takes it, the copy goes, the other text stays in History.
  await local.getByRole('button', { name: "Keep this device's version" }).click();
  await expect(toast(page, 'Conflict resolved')).toBeVisible();
  await expect(status(page)).toHaveText('All changes synced', { timeout: 30_000 });
  await expect(notices).toHaveCount(0);
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  const after = await serverNotes(page);
  expect(after.map((n) => `${n.id}|${n.title}|${n.content}`)).toEqual([`${id}|${title}|${mine}`]);
  const revisions = (await (await page.request.get(`/api/notes/${id}/revisions`)).json()) as Array<{
    id: number;
    reason: string;
  }>;
  const kept = revisions.find((r) => r.reason === 'conflict');
  expect(kept).toBeDefined();
  const revision = (await (await page.request.get(`/api/notes/${id}/revisions/${kept!.id}`)).json()) as {
    content: string;
  };
  expect(revision.content).toBe(theirs);
  await b.context.close();
});
