// Nothing typed is lost (issue 19): the editor is left one second after the last keystroke in each way a
// person leaves it (an in-app link, back, reload, a closed tab, sign-out, a reload offline through the service
// worker), and the text is there on return and, once online, on the server. Also: drafts are kept per note
// with auto-save off (restored with a notice and Discard), and typing into the editor while its chunk is still
// loading keeps every character, the caret and the focus.
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { E2E_OWNER, expect, test } from './fixtures.ts';

interface ServerNote {
  id: number;
  title: string;
  content: string;
}

const TYPED = ' and fresh basil';

async function serverNotes(page: Page): Promise<ServerNote[]> {
  const response = await page.request.get('/api/notes');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerNote[];
}

/** The server's copy of the note titled `title` (polled: the sync pushes a moment after the save). */
async function expectOnServer(page: Page, title: string, text: string) {
  await expect
    .poll(async () => (await serverNotes(page)).find((note) => note.title === title)?.content, {
      timeout: 30_000,
    })
    .toContain(text);
}

const card = (page: Page, title: string) => page.getByTestId('note-card').filter({ hasText: title });

async function openNotes(page: Page) {
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 15_000 });
}

/** Opens the note in the editor (the loaded markdown editor, toolbar and all) and types at the end. */
async function typeAtEnd(page: Page, title: string, text: string) {
  await card(page, title).getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible();
  const box = page.getByLabel('Content');
  await box.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text, { delay: 20 });
  await expect(page.getByTestId('editor-header-status')).toHaveText('Unsaved changes');
  // The case: the editor is left one second after the last keystroke.
  await page.waitForTimeout(1000);
}

/** Back on the notes screen, the editor reopened by itself on the restored draft. */
async function expectRestoredEditor(page: Page, content: string) {
  await expect(page.getByLabel('Content')).toHaveValue(content, { timeout: 15_000 });
  await expect(page.getByTestId('restored-draft')).toContainText(
    /Restored your unsaved changes from \d{2}:\d{2}/,
  );
  await expect(page.getByTestId('restored-draft').getByRole('button', { name: 'Discard' })).toBeVisible();
}

let title = '';
let original = '';
let dialogs: string[] = [];

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
  for (const note of await serverNotes(page)) await page.request.delete(`/api/notes/${note.id}`);
  title = `Groceries ${Date.now()}`;
  original = 'Tomatoes';
  const created = await page.request.post('/api/notes', { data: { title, content: original, tags: [] } });
  expect(created.status()).toBe(201);
  // Leaving never asks a question the app can answer itself: any dialog fails the test (afterEach).
  dialogs = [];
  page.context().on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

test.afterEach(async ({ page }) => {
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
  expect(dialogs).toEqual([]);
});

test('left by an in-app link: the note is saved and synced', async ({ page }) => {
  await openNotes(page);
  await typeAtEnd(page, title, TYPED);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog Admin' }).click();
  await expect(page).toHaveURL('/blog/admin');
  await expectOnServer(page, title, `${original}${TYPED}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Notes' }).click();
  await expect(card(page, title)).toContainText(`${original}${TYPED}`);
});

test('left by the back button: the note is saved and synced', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Notes' }).click();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 15_000 });
  await typeAtEnd(page, title, TYPED);
  await page.goBack();
  await expect(page).toHaveURL('/settings');
  await expectOnServer(page, title, `${original}${TYPED}`);
  await page.goForward();
  await expect(card(page, title)).toContainText(`${original}${TYPED}`);
});

test('left by a reload: the editor comes back on the text, which then reaches the server', async ({
  page,
}) => {
  await openNotes(page);
  await typeAtEnd(page, title, TYPED);
  await page.reload();
  await expectRestoredEditor(page, `${original}${TYPED}`);
  // Auto-save is on (the default): leaving the editor now saves the note, and the sync pushes it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog Admin' }).click();
  await expectOnServer(page, title, `${original}${TYPED}`);
});

test('left by closing the tab: a new tab reopens the editor on the text', async ({ page, context }) => {
  await openNotes(page);
  await typeAtEnd(page, title, TYPED);
  await page.close();
  // Back on a phone-sized window: the notice and its Discard fit.
  const again = await context.newPage();
  await again.setViewportSize({ width: 390, height: 844 });
  await again.goto('/notes');
  // Closing the tab hides it first, and a hidden editor saves the note (the test below): when that save
  // finished before the tab went, the editor reopens on the saved text with nothing left to restore ("No
  // changes"); when the tab went first, on the draft with the notice and Discard. Either way the text is there.
  await expect(again.getByLabel('Content')).toHaveValue(`${original}${TYPED}`, { timeout: 15_000 });
  const notice = again.getByTestId('restored-draft');
  // "No changes" may show twice (the editor's header and the draft line): any one of them will do.
  await expect(
    notice
      .or(again.getByText('No changes', { exact: true }))
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  if (await notice.isVisible()) {
    await expectRestoredEditor(again, `${original}${TYPED}`);
    const discard = await again.getByRole('button', { name: 'Discard' }).boundingBox();
    expect(discard!.x + discard!.width).toBeLessThanOrEqual(390);
  }
  expect(await again.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // (The main links sit in a menu on a phone; the desktop layout has them in the bar.)
  await again.setViewportSize({ width: 1280, height: 720 });
  await again.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog Admin' }).click();
  await expectOnServer(again, title, `${original}${TYPED}`);
});

test('left by signing out: the text is saved and pushed first, with no question', async ({ page }) => {
  await openNotes(page);
  await typeAtEnd(page, title, TYPED);
  await page.getByRole('button', { name: /^Logout/ }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/blog/);
  const login = await page.request.post('/api/login', { data: E2E_OWNER });
  expect(login.ok()).toBe(true);
  await expectOnServer(page, title, `${original}${TYPED}`);
  await openNotes(page);
  await expect(card(page, title)).toContainText(`${original}${TYPED}`);
});

test('left by a reload while offline: the service worker reopens it on the text, synced once online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await openNotes(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await context.setOffline(true);
  await expect(page.getByTestId('sync-status')).toContainText('Offline');
  await typeAtEnd(page, title, TYPED);
  await page.reload();
  await expectRestoredEditor(page, `${original}${TYPED}`);
  await expect(page.getByTestId('sync-status')).toContainText('Offline');
  await context.setOffline(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog Admin' }).click();
  await expectOnServer(page, title, `${original}${TYPED}`);
});

test('hidden at once after typing (a phone switching apps): the note is saved and synced without waiting', async ({
  page,
}) => {
  await openNotes(page);
  await card(page, title).getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible();
  await page.getByLabel('Content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(TYPED);
  // No pause: the page goes to the background straight after the last keystroke, as when the owner switches
  // apps; the browser may kill it any time after that.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expectOnServer(page, title, `${original}${TYPED}`);
  await expect(page.getByTestId('editor-header-status')).toHaveText('No changes');
});

test('with auto-save off, drafts are kept per note and offered back with Discard', async ({ page }) => {
  await page.request.put('/api/user/settings', { data: { ...DEFAULT_SETTINGS, autoSaveInterval: 0 } });
  const other = `Reading list ${Date.now()}`;
  expect(
    (await page.request.post('/api/notes', { data: { title: other, content: 'Books', tags: [] } })).status(),
  ).toBe(201);
  await openNotes(page);
  await typeAtEnd(page, title, ' for note A');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Notes' }).click();
  // Not saved (auto-save is off): the note is as it was, and no editor opens by itself.
  await expect(card(page, title)).not.toContainText('for note A');
  await expect(page.getByTestId('note-editor')).toHaveCount(0);
  await typeAtEnd(page, other, ' for note B');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Notes' }).click();

  // Note A's draft survived note B's.
  await card(page, title).getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByLabel('Content')).toHaveValue(`${original} for note A`);
  await expect(page.getByTestId('restored-draft')).toBeVisible();
  await expect(page.getByTestId('editor-header-status')).toHaveText('Unsaved changes');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note updated successfully')).toBeVisible();
  await expectOnServer(page, title, `${original} for note A`);

  // Note B's draft is offered too; Discard puts the saved note back and forgets the draft.
  await card(page, other).getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByLabel('Content')).toHaveValue('Books for note B');
  await page.getByTestId('restored-draft').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Content')).toHaveValue('Books');
  await expect(page.getByTestId('editor-header-status')).toHaveText('No changes');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await card(page, other).getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByLabel('Content')).toHaveValue('Books');
  await expect(page.getByTestId('restored-draft')).toHaveCount(0);
});

test('typing while the markdown editor is still loading keeps every character, the caret and the focus', async ({
  page,
}) => {
  // Hold the editor's chunk until released, as a slow connection would on a fresh page load.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/MarkdownEditorImpl-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await openNotes(page);
  await page.getByRole('button', { name: 'New Note' }).click();
  const box = page.getByLabel('Content');
  await box.click();
  await page.keyboard.type('world', { delay: 10 });
  await page.keyboard.press('Home');
  await page.keyboard.type('Hello ', { delay: 10 });
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveCount(0);

  // The editor arrives while the owner types on, caret after "Hello ".
  release();
  const typing = page.keyboard.type('big ', { delay: 60 });
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible();
  await typing;
  await page.keyboard.type('wide ');
  await expect(box).toHaveValue('Hello big wide world');
  expect(
    await page.evaluate(() => {
      const active = document.activeElement;
      return active instanceof HTMLTextAreaElement && active.closest('.w-md-editor') !== null;
    }),
  ).toBe(true);
});
