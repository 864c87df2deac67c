// Study mode in real Chromium: the overlay with its timer and tabs, key points and flashcards generated and
// kept in IndexedDB, flip (click, Enter, Space), wrap-around with 'Flashcard review complete', FSRS grading
// changing the 'due today' counts, and the same session after a reload with the browser offline.
import { expect, test } from './fixtures.ts';
import { createServerNote, deleteOtherCards, noteCard, STUDY_NOTE, toast } from './study-fixtures.ts';

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  // The due counts are across notes, and cards follow the owner: only this test's cards count.
  await deleteOtherCards(page);
});

test('study mode: key points, flashcards, flip, wrap-around, grading, then offline after a reload', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const title = `Memory science ${Date.now()}`;
  await createServerNote(page, { title, content: STUDY_NOTE, tags: ['learning'] });
  await page.goto('/notes');
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();

  const study = page.getByTestId('study-mode');
  await expect(study).toBeVisible();
  await expect(study.getByRole('heading', { name: title })).toBeVisible();
  // Read tab: the note itself. The timer counts up as m:ss.
  await expect(study.getByRole('heading', { name: 'Active recall' })).toBeVisible();
  await expect(study.getByTestId('study-timer')).toHaveText(/^0:0[0-9]$/);
  await expect(study.getByTestId('study-timer')).toHaveText(/^0:0[2-9]$/, { timeout: 5_000 });

  // Key points, generated on demand.
  await study.getByRole('tab', { name: 'Key Points' }).click();
  await expect(study.getByText('No key points yet.')).toBeVisible();
  await study.getByRole('button', { name: 'Extract Key Points' }).click();
  await expect(toast(page, 'Key points extracted')).toContainText(/Extracted \d+ key points from your note/);
  await expect(study.getByTestId('key-points').getByRole('listitem').first()).toContainText(
    'Spaced repetition is a learning technique',
  );

  // Flashcards.
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  await expect(study.getByText('No flashcards yet.')).toBeVisible();
  await study.getByRole('button', { name: 'Generate Flashcards' }).click();
  await expect(toast(page, 'Flashcards generated')).toContainText(/Created \d+ flashcards from your note/);
  const position = study.getByTestId('flashcard-position');
  await expect(position).toHaveText(/^Card 1 of \d+$/);
  const total = Number((await position.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(study.getByTestId('note-due-today')).toHaveText(`${total} due today`);

  // Flip by click, Enter and Space.
  const card = study.getByTestId('flashcard');
  await expect(card).toHaveAttribute('data-side', 'question');
  await expect(card).toContainText('Question');
  await card.click();
  await expect(card).toHaveAttribute('data-side', 'answer');
  await expect(card).toContainText('Answer');
  await card.press('Enter');
  await expect(card).toHaveAttribute('data-side', 'question');
  await card.press(' ');
  await expect(card).toHaveAttribute('data-side', 'answer');

  // Previous from the first card wraps to the last; Next past the last completes and restarts.
  await study.getByRole('button', { name: 'Previous' }).click();
  await expect(position).toHaveText(`Card ${total} of ${total}`);
  await expect(card).toHaveAttribute('data-side', 'question');
  await study.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(position).toHaveText(`Card 1 of ${total}`);
  await expect(study.getByText('Flashcard review complete')).toBeVisible();
  await study.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(position).toHaveText(`Card 2 of ${total}`);
  await expect(study.getByText('Flashcard review complete')).toHaveCount(0);
  await study.getByRole('button', { name: 'Previous' }).click();

  // Grading: Easy schedules the card days away (one fewer due today); Hard keeps it in its learning steps,
  // due again in minutes and not before (the scheduler's step, as its button says).
  const firstQuestion = await card.textContent();
  await card.click();
  await study.getByRole('button', { name: /^Easy/ }).click();
  await expect(position).toHaveText(`Card 2 of ${total}`);
  await expect(study.getByTestId('note-due-today')).toHaveText(`${total - 1} due today`);
  await card.click();
  await expect(study.getByRole('button', { name: /^Hard/ })).toContainText('m');
  await study.getByRole('button', { name: /^Hard/ }).click();
  await expect(position).toHaveText(`Card 3 of ${total}`);
  await expect(study.getByTestId('note-due-today')).toHaveText(`${total - 2} due today`);
  await study.getByRole('button', { name: 'Previous' }).click();
  await study.getByRole('button', { name: 'Previous' }).click();
  await expect(card).toHaveText(firstQuestion!);
  await expect(study.getByTestId('flashcard-status')).toContainText('Next review');

  // 'Due cards only' leaves out the cards graded Easy and Hard; cards follow the note, so the first is its opening.
  expect(firstQuestion).toMatch(/spaced repetition/i);
  await study.getByRole('button', { name: 'Due cards only' }).click();
  await expect(position).toHaveText(`Card 1 of ${total - 2}`);
  await expect(card).not.toHaveText(firstQuestion!);
  await study.getByRole('button', { name: 'Due cards only' }).click();
  await expect(position).toHaveText(`Card 1 of ${total}`);

  // Escape closes the overlay; the notes header counts due cards across notes.
  await page.keyboard.press('Escape');
  await expect(study).toBeHidden();
  await expect(page.getByTestId('due-today-total')).toContainText(`${total - 2} flashcard`);

  // The reviews reach the server (review sync), without touching the note.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/reviews')).json()) as { reviews: unknown[] }).reviews.length,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(2);

  // The same session after a reload with no connection: everything comes from IndexedDB.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  await expect(study).toBeVisible();
  await study.getByRole('tab', { name: 'Key Points' }).click();
  await expect(study.getByTestId('key-points').getByRole('listitem').first()).toContainText(
    'Spaced repetition is a learning technique',
  );
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  await expect(position).toHaveText(`Card 1 of ${total}`);
  await expect(study.getByTestId('note-due-today')).toHaveText(`${total - 2} due today`);
  await study.getByRole('button', { name: 'Next', exact: true }).click();
  await study.getByRole('button', { name: 'Next', exact: true }).click();
  await card.click();
  await study.getByRole('button', { name: /^Easy/ }).click();
  await expect(study.getByTestId('note-due-today')).toHaveText(`${total - 3} due today`);
  // Generating offline runs the local algorithms in the browser.
  await study.getByRole('tab', { name: 'Key Points' }).click();
  await study.getByRole('button', { name: 'Extract Key Points' }).click();
  await expect(toast(page, 'Key points extracted')).toBeVisible();
  await context.setOffline(false);
});

test('the fullscreen toggle enters and leaves fullscreen, or says why it cannot', async ({ page }) => {
  const title = `Fullscreen ${Date.now()}`;
  await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  const study = page.getByTestId('study-mode');
  await study.getByRole('button', { name: 'Enter fullscreen' }).click();
  await expect(
    study.getByRole('button', { name: 'Exit fullscreen' }).or(toast(page, 'Fullscreen error')),
  ).toBeVisible();
  if (await study.getByRole('button', { name: 'Exit fullscreen' }).isVisible()) {
    expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await study.getByRole('button', { name: 'Exit fullscreen' }).click();
    await expect(study.getByRole('button', { name: 'Enter fullscreen' })).toBeVisible();
  }
});

test.describe('without a service worker (page.route cannot see its requests)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a server that fails to generate shows the error toasts (it is not mistaken for offline)', async ({
    page,
  }) => {
    const title = `Failing AI ${Date.now()}`;
    await createServerNote(page, { title, content: STUDY_NOTE });
    for (const path of ['generate-flashcards', 'key-insights']) {
      await page.route(`**/api/notes/${path}`, (route) =>
        route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"model down"}' }),
      );
    }
    await page.goto('/notes');
    await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
    const study = page.getByTestId('study-mode');
    await study.getByRole('tab', { name: 'Flashcards' }).click();
    await study.getByRole('button', { name: 'Generate Flashcards' }).click();
    await expect(toast(page, 'Error')).toContainText('Failed to generate flashcards. Please try again.');
    await expect(study.getByText('No flashcards yet.')).toBeVisible();
    await study.getByRole('tab', { name: 'Key Points' }).click();
    await study.getByRole('button', { name: 'Extract Key Points' }).click();
    await expect(toast(page, 'Error')).toContainText('Failed to extract key points. Please try again.');
    await expect(study.getByText('No key points yet.')).toBeVisible();
  });
});
