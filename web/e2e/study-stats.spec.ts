// Statistics in real Chromium: after a few reviews made offline, /study/stats shows them (reviews per day, the
// cards coming due, true retention, the FSRS parameters in use) in total with a row per note and for one note,
// reached from the review session and from the note's study mode, all offline; and it fits a 390 px and a
// 360 px phone without sideways scrolling.
import { syntheticReviews } from '../src/features/study/synthetic-reviews.ts';
import { expect, test } from './fixtures.ts';
import { createServerNote, deleteOtherCards, generateCards, noteCard, STUDY_NOTE } from './study-fixtures.ts';

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  // Other tests' cards out of the way: the session serves this test's own, with the day's whole new-card
  // allowance (a deleted card no longer counts against it).
  await deleteOtherCards(page);
});

const today = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

test('statistics after a few reviews, in total and per note, offline, and on a phone', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const title = `Stats ${Date.now()}`;
  const { id, clientId } = await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
  const total = await generateCards(page, title);
  expect(total).toBeGreaterThanOrEqual(3);

  // Three grades offline: Good and Again keep two cards in learning (due again today), Easy sends one to review
  // days ahead.
  await context.setOffline(true);
  await page.getByRole('link', { name: /flashcards due today/ }).click();
  await expect(page).toHaveURL(/\/study$/);
  const position = page.getByTestId('session-position');
  for (const [i, key] of ['3', '1', '4'].entries()) {
    await expect(position).toHaveText(new RegExp(`^Card ${i + 1} of `));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('flashcard')).toHaveAttribute('data-side', 'answer');
    await page.keyboard.press(key);
  }
  await expect(position).toHaveText(/^Card 4 of /);

  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\/study\/stats$/);
  await expect(page.getByRole('heading', { name: 'Statistics', exact: true })).toBeVisible();
  const row = page.getByTestId('stats-by-note').getByRole('row').filter({ hasText: title });
  // Cards, due today (new ones included), reviews in 30 days, retention in 30 days (none reached review yet).
  await expect(row.getByRole('cell')).toHaveText([String(total), String(total - 1), '3', '—']);

  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/study/stats\\?note=${clientId}$`));
  await expect(page.getByRole('heading', { name: `Statistics: ${title}` })).toBeVisible();
  await expect(page.getByTestId('stat-cards')).toHaveText(String(total));
  await expect(page.getByTestId('stat-new')).toHaveText(String(total - 3));
  await expect(page.getByTestId('stat-reviews')).toHaveText('3');
  // Due today counts as the due badges do: the two in learning and the new cards.
  await expect(page.getByTestId('stat-due-today')).toHaveText(String(total - 1));

  // Each chart is one labelled image, with its numbers as a table a click away.
  const reviewsChart = page.getByRole('img', { name: /^Reviews per day, .*: 3 reviews in total, most on / });
  await expect(reviewsChart).toBeVisible();
  await page.getByText('Show reviews per day as a table').click();
  const reviewsTable = page.getByTestId('reviews-per-day').getByRole('table');
  await expect(reviewsTable.getByRole('row').last()).toHaveText(`${today()}3`);
  await expect(page.getByRole('img', { name: /^Cards due per day, .*: 3 cards due in total/ })).toBeVisible();
  const retention = page.getByTestId('retention');
  await expect(retention.getByRole('row', { name: /All reviews/ })).toHaveText(/All reviews—/);
  await expect(page.getByTestId('fsrs-parameters')).toContainText('Default FSRS parameters');
  await expect(page.getByTestId('fsrs-parameters')).toContainText('once there are 1,000 reviews');

  // On a phone nothing scrolls sideways.
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.getByRole('heading', { name: `Statistics: ${title}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(page.getByTestId('stats-by-note')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  // From the note's study mode, still offline.
  await page.getByRole('link', { name: 'Back to notes' }).click();
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  await page.getByTestId('study-mode').getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/study/stats\\?note=${clientId}$`));
  await expect(page.getByTestId('stat-reviews')).toHaveText('3');

  await context.setOffline(false);
  // Its cards stay due today (learning steps): deleted, so other tests' 'due today' counts do not see them.
  expect((await page.request.delete(`/api/notes/${id}`)).ok()).toBe(true);
});

test('with 1,000 reviews the FSRS parameters are fitted in a worker, and Statistics says so', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const title = `Fit ${Date.now()}`;
  const { id, clientId } = await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
  // Statistics speaks of the cards this device has, so the note gets its own (other tests' cards may or may not
  // have synced to this fresh browser yet).
  expect(await generateCards(page, title)).toBeGreaterThanOrEqual(3);
  await page.goto('/study/stats');
  await expect(page.getByRole('heading', { name: 'Statistics', exact: true })).toBeVisible();
  // Offline from here on: the history below is this device's alone (marked as pulled, so never pushed).
  await context.setOffline(true);
  const reviews = syntheticReviews({ cards: 90, days: 180, seed: 5 }).map((r) => ({
    ...r,
    noteId: clientId,
    remote: 1,
  }));
  expect(reviews.length).toBeGreaterThanOrEqual(1000);
  await page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('private-notes');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('reviews', 'readwrite');
          for (const row of rows) tx.objectStore('reviews').add(row);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    reviews,
  );
  // A new start of the app checks whether a fit is due: it is, and it runs off the page's thread.
  await page.reload();
  const parameters = page.getByTestId('fsrs-parameters');
  await expect(parameters).toContainText(/FSRS parameters fitted to your [\d,]+ reviews/, {
    timeout: 150_000,
  });
  // Every seeded review was read (and the few this device pulled from the server before going offline).
  const fitted = Number(
    (await parameters.textContent())!.match(/your ([\d,]+) reviews/)![1]!.replace(/,/g, ''),
  );
  expect(fitted).toBeGreaterThanOrEqual(reviews.length);
  await expect(page.getByTestId('fsrs-parameters')).toContainText('with the defaults');
  await context.setOffline(false);
  expect((await page.request.delete(`/api/notes/${id}`)).ok()).toBe(true);
});
