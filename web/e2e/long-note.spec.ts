// Long notes in real Chromium: a 300 KB note is written, saved, synced and shown in full; text beyond the
// note limit is refused in the editor with the server's own message (Save disabled), before any push.

import type { Locator } from '@playwright/test';
import { NOTE_CONTENT_MAX, noteTooLongMessage } from '@private-notes/shared';
import { expect, test } from './fixtures.ts';

/**
 * Puts `text` into a text box in one input event, as a paste does. (fill() of a multi-line text inserts it
 * line by line, one input event each, which is not what a person pasting a chapter does.)
 */
async function paste(box: Locator, text: string): Promise<void> {
  await box.evaluate((element, value) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setValue.call(element, value);
    element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  const notes = (await (await page.request.get('/api/notes')).json()) as Array<{ id: number }>;
  for (const note of notes) await page.request.delete(`/api/notes/${note.id}`);
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
});

test('a 300 KB note is saved, synced and viewed in full', async ({ page }) => {
  // Typing 300 KB into the page and rendering it twice takes a while on a busy machine.
  test.setTimeout(120_000);
  const section = (i: number) =>
    `## Part ${i}\n\nNaïve café — 東京 🔬 **bold** and *italic* text. ${'More words. '.repeat(20)}\n\n`;
  const content = Array.from({ length: 1200 }, (_, i) => section(i + 1)).join('');
  expect(new TextEncoder().encode(content).length).toBeGreaterThan(300 * 1024);
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill('Book chapter');
  await paste(page.getByLabel('Content'), content);
  await expect(page.getByText(`${[...content].length} characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/All changes synced/, { timeout: 30_000 });
  const onServer = (await (await page.request.get('/api/notes')).json()) as Array<{ content: string }>;
  expect(onServer.map((n) => n.content)).toEqual([content]);

  await page.getByTestId('note-card').getByRole('heading', { name: 'Book chapter' }).click();
  await expect(page.getByTestId('note-viewer').getByRole('heading', { name: 'Part 1200' })).toBeAttached({
    timeout: 30_000,
  });
});

test('text beyond the limit shows the server’s message in the editor and cannot be saved', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill('Too long');
  const content = 'x'.repeat(NOTE_CONTENT_MAX + 1);
  await page.getByLabel('Content').fill(content);
  await expect(page.getByRole('alert').filter({ hasText: 'too long' })).toHaveText(
    noteTooLongMessage(content.length),
  );
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  // One character less fits: the message goes and Save is back.
  await page.getByLabel('Content').press('End');
  await page.getByLabel('Content').press('Backspace');
  await expect(page.getByRole('alert').filter({ hasText: 'too long' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
});
