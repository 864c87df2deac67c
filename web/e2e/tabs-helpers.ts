// Helpers of the two-tab browser tests: two pages of one browser context share one IndexedDB, as two tabs do.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface ServerNote {
  id: number;
  title: string;
  content: string;
}

export async function serverNotes(page: Page): Promise<ServerNote[]> {
  const response = await page.request.get('/api/notes');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerNote[];
}

/** Every text the server keeps of a note's past versions (History). */
export async function historyTexts(page: Page, id: number): Promise<string[]> {
  const list = (await (await page.request.get(`/api/notes/${id}/revisions`)).json()) as Array<{ id: number }>;
  const texts: string[] = [];
  for (const revision of list) {
    const body = (await (await page.request.get(`/api/notes/${id}/revisions/${revision.id}`)).json()) as {
      content: string;
    };
    texts.push(body.content);
  }
  return texts;
}

export const card = (page: Page, title: string) => page.getByTestId('note-card').filter({ hasText: title });
export const status = (page: Page) => page.getByTestId('sync-status');
export const toast = (page: Page, title: string) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: title });

export async function openNotes(page: Page): Promise<void> {
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(status(page)).toHaveText(/All changes synced/, { timeout: 15_000 });
}

/** Opens the note in the editor and waits for the markdown editor itself (its toolbar). */
export async function openEditor(page: Page, title: string): Promise<void> {
  await card(page, title).getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible({ timeout: 15_000 });
}

/** Types a new last line into the open editor. */
export async function typeLine(page: Page, line: string): Promise<void> {
  await page.getByLabel('Content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(line, { delay: 20 });
}
