// What the first-sync browser tests share: the server's notes put back to a known set, and a watch that records
// every moment the screen says something untrue while a new device's first sync runs.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** More than the first page of a first sync (100), so a second page follows it. */
export const NOTES = 130;

export async function resetServerNotes(page: Page): Promise<void> {
  const response = await page.request.get('/api/notes');
  for (const note of (await response.json()) as Array<{ id: number }>)
    await page.request.delete(`/api/notes/${note.id}`);
  for (let i = 0; i < NOTES; i++) {
    const created = await page.request.post('/api/notes', {
      data: { title: `Streamed note ${i}`, content: `Arrived in the first sync, number ${i}.`, tags: [] },
    });
    expect(created.status()).toBe(201);
  }
}

/** Records when the screen says there are no notes, or that all is synced before the list is whole. */
export async function watchForLies(page: Page) {
  await page.addInitScript((total) => {
    const w = window as unknown as { __lies: string[] };
    w.__lies = [];
    new MutationObserver(() => {
      const text = document.body?.innerText ?? '';
      if (/No notes yet|Create your first note/.test(text)) w.__lies.push('empty state');
      const listed = document.querySelector('[data-testid="note-count"]')?.textContent;
      const loading = document.querySelector('[data-testid="first-sync-progress"]');
      if (text.includes('All changes synced') && (loading || listed !== `${total} notes`))
        w.__lies.push(`synced while the list shows ${listed}`);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, NOTES);
  return async () => page.evaluate(() => (window as unknown as { __lies: string[] }).__lies);
}
