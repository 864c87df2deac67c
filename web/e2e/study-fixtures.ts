// Data helpers for the study and AI browser tests: notes made through the real API (with a client id, as the
// app's sync would) and the toast locator (default toasts are status, destructive ones alert).
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const STUDY_NOTE = `# Spaced repetition

Spaced repetition is a learning technique that schedules reviews at increasing intervals.

## Active recall

Active recall means retrieving an answer from memory instead of rereading it. It strengthens memory more than passive review.

## FSRS

FSRS is a scheduling algorithm that models memory stability and difficulty for each card.`;

export async function createServerNote(
  page: Page,
  note: { title: string; content: string; tags?: string[] },
): Promise<{ id: number; clientId: string }> {
  const clientId = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const response = await page.request.post('/api/notes', {
    data: { title: note.title, content: note.content, tags: note.tags ?? [], clientId },
  });
  expect(response.ok(), `POST /api/notes answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { id: number };
  return { id: body.id, clientId };
}

export function toast(page: Page, title: string) {
  return page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: title });
}

export function noteCard(page: Page, title: string) {
  return page.getByTestId('note-card').filter({ hasText: title });
}

/** Generates a note's flashcards in its study mode (from the notes screen) and answers how many were made. */
export async function generateCards(page: Page, title: string): Promise<number> {
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  const study = page.getByTestId('study-mode');
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  await study.getByRole('button', { name: 'Generate Flashcards' }).click();
  await expect(toast(page, 'Flashcards generated')).toBeVisible();
  const position = await study.getByTestId('flashcard-position').textContent();
  await page.keyboard.press('Escape');
  await expect(study).toBeHidden();
  return Number(position!.match(/of (\d+)/)![1]);
}

/**
 * Deletes (through the cards API) every study card of the owner but `keepNoteId`'s, so a test that counts the
 * cards due across notes counts only its own: cards follow the owner, so other tests' cards would reach this
 * test's fresh browser too.
 */
export async function deleteOtherCards(page: Page, keepNoteId?: string): Promise<void> {
  const live = new Map<string, { kind: string; id: string; noteId: string; version: number }>();
  for (let since = '0'; ; ) {
    const page_ = (await (await page.request.get(`/api/cards?since=${since}&limit=1000`)).json()) as {
      cards: { kind: string; id: string; noteId: string; version: number; deleted: boolean }[];
      cursor: string;
      more: boolean;
    };
    for (const card of page_.cards) {
      if (card.deleted || card.noteId === keepNoteId) live.delete(card.id);
      else live.set(card.id, card);
    }
    since = page_.cursor;
    if (!page_.more) break;
  }
  const changes = [...live.values()].map((card, index) => ({
    op: 'delete',
    change: `e2e-clear-${Date.now()}-${index}`,
    baseVersion: card.version,
    kind: card.kind,
    id: card.id,
    noteId: card.noteId,
  }));
  for (let at = 0; at < changes.length; at += 200) {
    const response = await page.request.post('/api/cards', {
      data: { changes: changes.slice(at, at + 200) },
    });
    expect(response.ok(), `POST /api/cards answered ${response.status()}`).toBe(true);
  }
}
