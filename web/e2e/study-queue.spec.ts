// The review queue follows the scheduler: a card graded "Good 10m" is due in ten minutes, not now, so after
// "Session complete" the header's due badge and a new session agree (nothing due); and /study opened first on
// a freshly signed-in device waits for the first card sync, saying so, then serves the cards.
// Each test starts by deleting the owner's other cards (deleteOtherCards): a deleted card no longer counts
// against the day's 20 new cards (session-queue.ts), so every test has the whole allowance whatever ran before.
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { createServerNote, deleteOtherCards, generateCards, STUDY_NOTE } from './study-fixtures.ts';

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  await deleteOtherCards(page);
});

test('cards graded Good 10m are not served again at once, and the badge agrees', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Queue ${Date.now()}`;
  const { id } = await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  const total = await generateCards(page, title);
  await page.getByRole('link', { name: `${total} flashcards due today` }).click();
  const position = page.getByTestId('session-position');
  for (let i = 0; i < total; i++) {
    await expect(position).toHaveText(new RegExp(`^Card ${i + 1} of ${total}`));
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: /^Good/ })).toContainText('10m');
    await page.keyboard.press('3');
  }
  await expect(page.getByText('Session complete')).toBeVisible();

  // Every card is in its ten-minute step: none is due, in the header or in a new session.
  await page
    .getByRole('region', { name: 'Session summary' })
    .getByRole('link', { name: 'Back to notes' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(page.getByTestId('note-card').filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId('due-today-total')).toHaveCount(0);
  await page.goto('/study');
  await expect(page.getByText('No cards are due right now.')).toBeVisible();
  await expect(position).toHaveCount(0);
  expect((await page.request.delete(`/api/notes/${id}`)).ok()).toBe(true);
});

test('/study on a freshly signed-in device waits for the first card sync and says so', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Fresh device ${Date.now()}`;
  const { id } = await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  const total = await generateCards(page, title);
  // The cards reach the server.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/cards?limit=1000')).json()) as { cards: { noteId: string }[] })
          .cards.length,
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(total);

  // A hundred other notes, then the cards' note edited: the first page of the new device's notes feed (100
  // changes, oldest first) holds other notes, and the cards' note comes on a later page.
  const fillers: number[] = [];
  for (let i = 0; i < 100; i++) {
    const filler = await page.request.post('/api/notes', {
      data: { title: `Filler ${i} ${Date.now()}`, content: 'Not a study note.', tags: [] },
    });
    fillers.push(((await filler.json()) as { id: number }).id);
  }
  const current = (await (await page.request.get(`/api/notes/${id}`)).json()) as { version: number };
  const edited = await page.request.put(`/api/notes/${id}`, {
    data: { content: `${STUDY_NOTE}\n`, baseVersion: current.version },
  });
  expect(edited.ok(), `PUT answered ${edited.status()}`).toBe(true);

  // A new device (no worker, so the test sees its requests) opens /study first, never My Notes. Its first
  // card pull is held back until the screen has said what it waits for; its notes feed after the first page
  // is held until the cards are in, so the cards arrive before their notes.
  const other = await browser.newContext({ serviceWorkers: 'block' });
  const device = await other.newPage();
  expect((await device.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let cardsIn: () => void = () => {};
  const cardsArrived = new Promise<void>((resolve) => {
    cardsIn = resolve;
  });
  await device.route(/\/api\/cards(\?|$)/, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
    if (route.request().method() === 'GET') setTimeout(cardsIn, 1500);
  });
  await device.route(
    (url) => url.pathname === '/api/notes/changes' && url.searchParams.has('since'),
    async (route) => {
      await cardsArrived;
      await route.continue();
    },
  );
  await device.goto('/study');
  await expect(device.getByRole('heading', { name: 'Study due cards' })).toBeVisible();
  await expect(device.getByText(/Bringing your flashcards to this device/)).toBeVisible();
  await expect(device.getByText('No cards are due right now.')).toHaveCount(0);
  release();
  // The cards came before their notes: once the notes are in, the session starts (it did not stay empty).
  await expect(device.getByTestId('session-position')).toHaveText(`Card 1 of ${total} · new`, {
    timeout: 30_000,
  });
  await other.close();
  for (const noteId of [id, ...fillers])
    expect((await page.request.delete(`/api/notes/${noteId}`)).ok()).toBe(true);
});
