// Cards that follow the owner, in real Chromium with two browser profiles (device A and device B, same owner):
// cards generated on A are due on B offline without generating there; on B, offline and by keyboard, a card is
// edited and two are added (a question/answer card and a cloze with two deletions), and A sees them once B is
// back online; suspending a card in the review session takes it out of the session.
import type { Page } from '@playwright/test';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { createServerNote, noteCard, STUDY_NOTE, toast } from './study-fixtures.ts';

async function openFlashcards(page: Page, title: string) {
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  const study = page.getByTestId('study-mode');
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  return study;
}

async function closeStudy(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('study-mode')).toBeHidden();
}

test('cards made on A are studied, edited and added to on B offline, and come back to A', async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(150_000);
  await signIn();
  const title = `Cards follow ${Date.now()}`;
  const { id, clientId } = await createServerNote(page, { title, content: STUDY_NOTE });

  // Device A generates the note's cards.
  await page.goto('/notes');
  let studyA = await openFlashcards(page, title);
  await studyA.getByRole('button', { name: 'Generate Flashcards' }).click();
  await expect(toast(page, 'Flashcards generated')).toBeVisible();
  const total = Number((await studyA.getByTestId('flashcard-position').textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(3);
  const cardsOnServer = async () =>
    (
      (await (await page.request.get('/api/cards')).json()) as {
        cards: { noteId: string; deleted: boolean }[];
      }
    ).cards.filter((card) => card.noteId === clientId && !card.deleted).length;
  await expect.poll(cardsOnServer, { timeout: 20_000 }).toBe(total);
  await closeStudy(page);

  // Device B: its own profile and session. Online once (to sync), then offline: no Generate pressed on B.
  const other = await browser.newContext();
  const pageB = await other.newPage();
  expect((await pageB.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await pageB.goto('/notes');
  await pageB.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
  let studyB = await openFlashcards(pageB, title);
  await expect(studyB.getByTestId('note-due-today')).toHaveText(`${total} due today`, { timeout: 20_000 });
  await closeStudy(pageB);

  await other.setOffline(true);
  await pageB.reload();
  studyB = await openFlashcards(pageB, title);
  await expect(studyB.getByTestId('note-due-today')).toHaveText(`${total} due today`);
  await expect(studyB.getByTestId('flashcard-position')).toHaveText(`Card 1 of ${total}`);

  // Edit the first card by keyboard; the dialog closes and focus returns to Edit card.
  const edit = studyB.getByRole('button', { name: 'Edit card' });
  await edit.focus();
  await pageB.keyboard.press('Enter');
  const dialog = pageB.getByRole('dialog', { name: 'Edit card' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Question' }).focus();
  await pageB.keyboard.press('ControlOrMeta+a');
  await pageB.keyboard.type('What does FSRS model for each card?');
  await dialog.getByRole('textbox', { name: 'Answer' }).focus();
  await pageB.keyboard.press('ControlOrMeta+a');
  await pageB.keyboard.type('Memory stability and difficulty');
  await dialog.getByRole('button', { name: 'Save card' }).focus();
  await pageB.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  const face = studyB.getByTestId('flashcard');
  // The panel follows the edited card to its new place in the note's order.
  await expect(face).toContainText('What does FSRS model for each card?');
  await expect(studyB.getByRole('group', { name: 'Card actions' })).toContainText('Edited');

  // Add card: Escape closes with nothing added and focus back on the button.
  const add = studyB.getByRole('button', { name: 'Add card' });
  await add.focus();
  await pageB.keyboard.press('Enter');
  const addDialog = pageB.getByRole('dialog', { name: 'Add card' });
  // The dialog puts the focus in itself once it has opened (a frame later): moving it before then loses it.
  const addDialogReady = () =>
    expect.poll(() => addDialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await expect(addDialog).toBeVisible();
  await pageB.keyboard.press('Escape');
  await expect(addDialog).toBeHidden();
  await expect(add).toBeFocused();
  await expect(studyB.getByTestId('flashcard-position')).toHaveText(new RegExp(` of ${total}$`));

  // A question/answer card; an empty answer is refused first, naming the field.
  await pageB.keyboard.press('Enter');
  await addDialogReady();
  await addDialog.getByRole('textbox', { name: 'Question' }).focus();
  await pageB.keyboard.type('Who keeps these cards?');
  await addDialog.getByRole('button', { name: 'Save card' }).focus();
  await pageB.keyboard.press('Enter');
  await expect(addDialog.getByText('Answer is required')).toBeVisible();
  await addDialog.getByRole('textbox', { name: 'Answer' }).focus();
  await pageB.keyboard.type('The owner, on every device');
  await addDialog.getByRole('button', { name: 'Save card' }).focus();
  await pageB.keyboard.press('Enter');
  await expect(addDialog).toBeHidden();
  await expect(studyB.getByTestId('flashcard-position')).toHaveText(new RegExp(` of ${total + 1}$`));

  // A cloze with two deletions: two cards (chosen with the arrow keys in the type radio group).
  await add.focus();
  await pageB.keyboard.press('Enter');
  await addDialogReady();
  await addDialog.getByRole('radio', { name: 'Question and answer' }).focus();
  await pageB.keyboard.press('ArrowRight');
  await expect(addDialog.getByRole('radio', { name: 'Cloze' })).toBeChecked();
  await addDialog.getByRole('textbox', { name: 'Text' }).focus();
  await pageB.keyboard.type('{{c1::Active recall}} beats {{c2::rereading}}.');
  await addDialog.getByRole('button', { name: 'Save card' }).focus();
  await pageB.keyboard.press('Enter');
  await expect(addDialog).toBeHidden();
  await expect(toast(pageB, '2 cards added')).toBeVisible();
  await expect(studyB.getByTestId('flashcard-position')).toHaveText(new RegExp(` of ${total + 3}$`));
  await expect(studyB.getByTestId('note-due-today')).toHaveText(`${total + 3} due today`);
  await closeStudy(pageB);

  // Back online: B's queue goes to the server.
  await other.setOffline(false);
  await expect.poll(cardsOnServer, { timeout: 30_000 }).toBe(total + 3);

  // A sees B's edit and new cards (its study sync pulls at start).
  await page.reload();
  studyA = await openFlashcards(page, title);
  await expect(studyA.getByTestId('flashcard-position')).toHaveText(`Card 1 of ${total + 3}`, {
    timeout: 20_000,
  });
  const faceA = studyA.getByTestId('flashcard');
  const seen: string[] = [];
  for (let i = 0; i < total + 3; i++) {
    seen.push((await faceA.textContent()) ?? '');
    await studyA.getByRole('button', { name: 'Next', exact: true }).click();
  }
  expect(seen.some((text) => text.includes('What does FSRS model for each card?'))).toBe(true);
  expect(seen.some((text) => text.includes('Who keeps these cards?'))).toBe(true);
  // The cloze fronts: each blanks its own deletion and shows the other.
  expect(seen.some((text) => text.includes('[…] beats rereading.'))).toBe(true);
  expect(seen.some((text) => text.includes('Active recall beats […].'))).toBe(true);
  await other.close();
  // Its cards are due: deleted, so other tests' 'due today' counts do not see them.
  expect((await page.request.delete(`/api/notes/${id}`)).ok()).toBe(true);
});

test('suspending a card in the review session takes it out, until unsuspended', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn();
  const title = `Suspend ${Date.now()}`;
  const { id } = await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  const study = await openFlashcards(page, title);
  await study.getByRole('button', { name: 'Generate Flashcards' }).click();
  await expect(toast(page, 'Flashcards generated')).toBeVisible();
  await closeStudy(page);

  // The session walks every note's due cards (other tests' too, as they follow the owner): the first card, from
  // whichever note, is the one suspended. A card is told by its question and its note's title.
  await page.goto('/study');
  const position = page.getByTestId('session-position');
  const face = page.getByTestId('flashcard');
  const shown = async () => `${await face.textContent()} | ${await page.getByText(/^From /).textContent()}`;
  await expect(position).toHaveText(/^Card 1 of \d+/);
  const total = Number((await position.textContent())!.match(/of (\d+)/)![1]);
  const suspended = await shown();
  const noteTitle = (await page.getByText(/^From /).textContent())!.replace(/^From /, '');
  await page.getByRole('button', { name: 'Suspend card' }).click();
  await expect(toast(page, 'Card suspended')).toBeVisible();
  // The next card shows at once, ungraded; a new session starts with another card.
  if (total > 1) {
    await expect(position).toHaveText(new RegExp(`^Card 2 of ${total}`));
    await page.reload();
    await expect(position).toHaveText(/^Card 1 of \d+/);
    expect(await shown()).not.toBe(suspended);
  }

  // The card's note in study mode shows it as suspended, and it can be unsuspended.
  await page.goto('/notes');
  const again = await openFlashcards(page, noteTitle);
  const status = again.getByTestId('flashcard-status');
  for (let i = 0; i < 30 && (await status.textContent()) !== 'Suspended'; i++) {
    await again.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(status).toHaveText('Suspended');
  await again.getByRole('button', { name: 'Unsuspend card' }).click();
  await expect(status).not.toHaveText('Suspended');
  await closeStudy(page);
  await page.goto('/study');
  await expect(position).toHaveText(new RegExp(`^Card 1 of ${total}`));
  expect(await shown()).toBe(suspended);
  expect((await page.request.delete(`/api/notes/${id}`)).ok()).toBe(true);
});

test('the card dialog fits a 390 px phone', async ({ page, signIn }) => {
  await signIn();
  await page.setViewportSize({ width: 390, height: 844 });
  const title = `Phone cards ${Date.now()}`;
  await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  const study = await openFlashcards(page, title);
  await study.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await expect(dialog.getByRole('textbox', { name: 'Question' })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(dialog.getByRole('button', { name: 'Save card' })).toBeInViewport();
});
