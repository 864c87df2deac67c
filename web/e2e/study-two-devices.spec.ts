// Two devices (two browser profiles) studying the same note: grades made on one reach the other through the
// server, and both show the same 'due today' count. Also axe on study mode.
import AxeBuilder from '@axe-core/playwright';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { createServerNote, noteCard, STUDY_NOTE, toast } from './study-fixtures.ts';

test('grades made on one device show on another', async ({ page, browser, signIn }) => {
  test.setTimeout(90_000);
  await signIn();
  const title = `Two devices ${Date.now()}`;
  const { clientId } = await createServerNote(page, { title, content: STUDY_NOTE });
  const reviewsOfNote = async (request: typeof page.request) =>
    ((await (await request.get('/api/reviews')).json()) as { reviews: { noteId: string }[] }).reviews.filter(
      (review) => review.noteId === clientId,
    ).length;

  // Device A generates cards and grades two of them Easy.
  await page.goto('/notes');
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  const studyA = page.getByTestId('study-mode');
  await studyA.getByRole('tab', { name: 'Flashcards' }).click();
  await studyA.getByRole('button', { name: 'Generate Flashcards' }).click();
  await expect(toast(page, 'Flashcards generated')).toBeVisible();
  const total = Number((await studyA.getByTestId('flashcard-position').textContent())!.match(/of (\d+)/)![1]);
  for (let i = 0; i < 2; i++) {
    await studyA.getByTestId('flashcard').click();
    await studyA.getByRole('button', { name: /^Easy/ }).click();
  }
  await expect(studyA.getByTestId('note-due-today')).toHaveText(`${total - 2} due today`);
  // The last grade stays on A while it can be undone (a few seconds), then reaches the server.
  await expect.poll(() => reviewsOfNote(page.request), { timeout: 20_000 }).toBe(2);

  const axe = await new AxeBuilder({ page }).include('[data-testid="study-mode"]').analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // Device B: its own browser profile and session.
  const other = await browser.newContext();
  const pageB = await other.newPage();
  const login = await pageB.request.post('/api/login', { data: E2E_OWNER });
  expect(login.ok()).toBe(true);
  await pageB.goto('/notes');
  // The header counts the two reviewed cards B knows about from the server (both easy: none due).
  await noteCard(pageB, title).getByRole('button', { name: 'Study Mode' }).click();
  const studyB = pageB.getByTestId('study-mode');
  await studyB.getByRole('tab', { name: 'Flashcards' }).click();
  await studyB.getByRole('button', { name: 'Generate Flashcards' }).click();
  await expect(toast(pageB, 'Flashcards generated')).toBeVisible();
  // The same cards (ids hash the note's client id), so A's reviews apply: the counts agree.
  await expect(studyB.getByTestId('note-due-today')).toHaveText(`${total - 2} due today`, {
    timeout: 15_000,
  });
  await expect(studyB.getByTestId('flashcard-status')).toContainText('Next review');

  // B grades one more; A sees it after its next review sync (on returning to the tab).
  await studyB.getByRole('button', { name: 'Next', exact: true }).click();
  await studyB.getByRole('button', { name: 'Next', exact: true }).click();
  await studyB.getByTestId('flashcard').click();
  await studyB.getByRole('button', { name: /^Easy/ }).click();
  await expect(studyB.getByTestId('note-due-today')).toHaveText(`${total - 3} due today`);
  // B leaves study mode: its held grade goes at once, without waiting out the undo window.
  const left = Date.now();
  await pageB.keyboard.press('Escape');
  await expect(studyB).toBeHidden();
  await expect.poll(() => reviewsOfNote(pageB.request), { timeout: 20_000 }).toBe(3);
  // (The undo window is 10 s: sooner than that, the grade did not wait it out.)
  expect(Date.now() - left).toBeLessThan(8_000);
  await page.reload();
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  await studyA.getByRole('tab', { name: 'Flashcards' }).click();
  await expect(studyA.getByTestId('note-due-today')).toHaveText(`${total - 3} due today`, {
    timeout: 15_000,
  });
  await other.close();
});
