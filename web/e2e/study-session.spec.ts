// The review session in real Chromium: the notes header's due count opens /study, which walks the due cards
// across notes with the keyboard (Space shows the answer, 1–4 grade, U undoes), offline, then the reviews reach
// the server once the connection is back (the undone grade never does); and on a 390 px touch screen a tap shows
// the answer and the grade buttons are thumb-sized, fixed at the bottom above the tab strip.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createServerNote, deleteOtherCards, noteCard, STUDY_NOTE, toast } from './study-fixtures.ts';

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  // The session and the due counts are across notes, and cards follow the owner: only this test's count.
  await deleteOtherCards(page);
});

async function generateCards(page: Page, title: string): Promise<number> {
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

async function serverReviews(page: Page, noteId: string): Promise<{ rating: number }[]> {
  const body = (await (await page.request.get('/api/reviews')).json()) as {
    reviews: { noteId: string; rating: number }[];
  };
  return body.reviews.filter((review) => review.noteId === noteId);
}

test('a full session by keyboard, offline, with undo; the reviews sync afterwards', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const title = `Session ${Date.now()}`;
  const { id, clientId } = await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
  const total = await generateCards(page, title);
  expect(total).toBeGreaterThanOrEqual(3);

  await context.setOffline(true);
  await page.getByRole('link', { name: `${total} flashcards due today` }).click();
  await expect(page).toHaveURL(/\/study$/);
  await expect(page.getByRole('heading', { name: 'Study due cards' })).toBeVisible();
  const position = page.getByTestId('session-position');
  const card = page.getByTestId('flashcard');
  await expect(position).toHaveText(`Card 1 of ${total} · new`);
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/notes?open=${clientId}`);

  // Space shows the answer; 1–4 do nothing until it shows.
  const firstQuestion = await card.textContent();
  await page.keyboard.press('3');
  await expect(position).toHaveText(`Card 1 of ${total} · new`);
  await page.keyboard.press('Space');
  await expect(card).toHaveAttribute('data-side', 'answer');
  await page.keyboard.press('1');
  await expect(position).toHaveText(`Card 2 of ${total} · new`);
  // U takes the grade back: the same card, question side, and no review is left for it.
  await page.keyboard.press('u');
  await expect(position).toHaveText(`Card 1 of ${total} · new`);
  await expect(card).toHaveText(firstQuestion!);
  await expect(card).toHaveAttribute('data-side', 'question');

  // Every card, Enter or Space then a grade key, cycling Good, Easy, Hard, Again, Good…
  const keys = ['3', '4', '2', '1'];
  const counts = { '1': 0, '2': 0, '3': 0, '4': 0 } as Record<string, number>;
  for (let i = 0; i < total; i++) {
    await expect(position).toHaveText(new RegExp(`^Card ${i + 1} of ${total}`));
    await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Space');
    await expect(card).toHaveAttribute('data-side', 'answer');
    const key = keys[i % keys.length]!;
    counts[key]!++;
    await page.keyboard.press(key);
  }
  const summary = page.getByRole('region', { name: 'Session summary' });
  await expect(summary.getByText('Session complete')).toBeVisible();
  await expect(summary).toContainText(`Cards reviewed: ${total}`);
  await expect(summary.getByTestId('summary-again')).toHaveText(String(counts['1']));
  await expect(summary.getByTestId('summary-hard')).toHaveText(String(counts['2']));
  await expect(summary.getByTestId('summary-good')).toHaveText(String(counts['3']));
  await expect(summary.getByTestId('summary-easy')).toHaveText(String(counts['4']));
  await expect(summary.getByTestId('summary-time')).toHaveText(/^\d+:\d\d$/);

  // Nothing has left the device yet; back online and back to the notes, every grade reaches the server once,
  // and the undone one never does.
  expect(await serverReviews(page, clientId)).toHaveLength(0);
  await context.setOffline(false);
  await summary.getByRole('link', { name: 'Back to notes' }).click();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect
    .poll(async () => (await serverReviews(page, clientId)).length, { timeout: 20_000 })
    .toBe(total);
  const ratings = (await serverReviews(page, clientId)).map((r) => r.rating).sort();
  expect(ratings).toEqual(
    Object.entries(counts)
      .flatMap(([key, n]) => Array.from({ length: n }, () => Number(key)))
      .sort(),
  );
  // Its cards stay due today (learning steps): deleted, so other tests' 'due today' counts do not see them.
  expect((await page.request.delete(`/api/notes/${id}`)).ok()).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a tap shows the answer, thumb-sized grade buttons sit at the bottom, and a tap grades', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const title = `Phone session ${Date.now()}`;
    const { id } = await createServerNote(page, { title, content: STUDY_NOTE });
    await page.goto('/notes');
    const total = await generateCards(page, title);
    await page.goto('/study');
    const position = page.getByTestId('session-position');
    await expect(position).toHaveText(`Card 1 of ${total} · new`);
    const card = page.getByTestId('flashcard');
    await card.tap();
    await expect(card).toHaveAttribute('data-side', 'answer');

    const good = page.getByRole('button', { name: /^Good/ });
    const box = (await good.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    // Just above the 64 px tab strip, whatever the page's scroll.
    const tabs = (await page.getByRole('navigation', { name: 'Tabs' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(tabs.y);
    expect(box.y + box.height).toBeGreaterThan(tabs.y - 40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await good.tap();
    await expect(position).toHaveText(`Card 2 of ${total} · new`);
    await expect(card).toHaveAttribute('data-side', 'question');
    await page.getByRole('button', { name: 'Undo last grade' }).tap();
    await expect(position).toHaveText(`Card 1 of ${total} · new`);
    expect((await page.request.delete(`/api/notes/${id}`)).ok()).toBe(true);
  });
});

test('study mode grades by keyboard too: Space, a grade key, U', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Keys ${Date.now()}`;
  const { id } = await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  const total = await generateCards(page, title);
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  const study = page.getByTestId('study-mode');
  // Focus stays on the Flashcards tab: Space and Enter there belong to the card.
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  const position = study.getByTestId('flashcard-position');
  const card = study.getByTestId('flashcard');
  await page.keyboard.press('Space');
  await expect(card).toHaveAttribute('data-side', 'answer');
  await page.keyboard.press('4');
  await expect(position).toHaveText(`Card 2 of ${total}`);
  await expect(study.getByTestId('note-due-today')).toHaveText(`${total - 1} due today`);
  await page.keyboard.press('u');
  await expect(position).toHaveText(`Card 1 of ${total}`);
  await expect(card).toHaveAttribute('data-side', 'question');
  await expect(study.getByTestId('note-due-today')).toHaveText(`${total} due today`);
  await page.keyboard.press('Escape');
  expect((await page.request.delete(`/api/notes/${id}`)).ok()).toBe(true);
});

test('the quick switcher opens the session', async ({ page }) => {
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Find a note or command' })).toBeFocused();
  await page.keyboard.type('study due');
  await expect(page.getByRole('option', { name: 'Study due cards' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/study$/);
  await expect(page.getByRole('heading', { name: 'Study due cards' })).toBeVisible();
});
