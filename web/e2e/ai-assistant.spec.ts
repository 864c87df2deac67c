// The AI assistant in real Chromium: suggestion chips, Ask AI (disabled when blank), 'Generating
// explanation...', the 4-line clamp with 'Read more', Save as Note (the note appears on /notes), the history
// fetched only once its tab opens, its search, empty state and detail view; and the failure toasts.

import { axe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { noteCard, toast } from './study-fixtures.ts';

// page.route does not see requests a service worker makes; these tests stub answers, so no service worker.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ signIn }) => {
  await signIn();
});

test('ask, read more, save as note, then find it in the history', async ({ page }) => {
  let historyFetches = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/ai/explanations')
      historyFetches++;
  });
  await page.goto('/ai-explanations');
  const input = page.getByPlaceholder('Ask about any concept...');
  const ask = page.getByRole('button', { name: 'Ask AI' });
  await expect(ask).toBeDisabled();
  await input.fill('   ');
  await expect(ask).toBeDisabled();

  // A chip fills the input.
  const concept = 'Cognitive Load Theory';
  await page.getByRole('button', { name: concept }).click();
  await expect(input).toHaveValue(concept);

  // Hold the answer a moment to see the loading text.
  await page.route('**/api/ai/explain', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await ask.click();
  await expect(page.getByText('Generating explanation...')).toBeVisible();
  const result = page.getByTestId('ai-result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result).toContainText(concept);
  const text = result.getByTestId('explanation-text');
  // The local provider's answer is longer than 200 characters: clamped, with 'Read more'.
  await expect(text).toHaveAttribute('data-expanded', 'false');
  const clamped = await text.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(clamped).toBe(true);
  await result.getByRole('button', { name: 'Read more' }).click();
  await expect(text).toHaveAttribute('data-expanded', 'true');
  expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  expect(historyFetches).toBe(0);

  await result.getByRole('button', { name: 'Save as Note' }).click();
  await expect(toast(page, 'Note created')).toContainText('Explanation saved as a new note.');
  await expect(input).toHaveValue('');
  await expect(result).toHaveCount(0);

  // History: fetched once the tab mounts; search over concept and text; detail view.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect.poll(() => historyFetches).toBe(1);
  const items = page.getByTestId('history-item');
  await expect(items.filter({ hasText: concept }).first()).toBeVisible();
  const search = page.getByPlaceholder('Search explanations...');
  await search.fill('cognitive LOAD');
  await expect(items.first()).toContainText(concept);
  for (const item of await items.all()) await expect(item).toContainText(/cognitive load/i);
  await search.fill('OPENAI_BASE_URL'); // matches the explanation text, not the concept
  await expect(items.filter({ hasText: concept }).first()).toBeVisible();
  await search.fill('zzz no such concept');
  await expect(page.getByText('No matching explanations found.')).toBeVisible();
  await search.fill('cognitive');
  await items.first().getByRole('button', { name: 'View explanation' }).click();
  const detail = page.getByTestId('explanation-detail');
  await expect(detail.getByRole('heading', { name: concept })).toBeVisible();
  await expect(detail).toContainText(/\d{4}/);
  await expect(detail).toContainText('No AI model is configured');
  await detail.getByRole('button', { name: 'Back to history' }).click();
  await expect(page.getByTestId('history-list')).toBeVisible();
  // The quick save on a history card makes a note too.
  await items
    .first()
    .getByRole('button', { name: `Save "${concept}" as a note` })
    .click();
  await expect(toast(page, 'Note created')).toContainText('Explanation saved as a new note.');

  // The saved note is on /notes, with its title and tags.
  await page.goto('/notes');
  const card = noteCard(page, `AI Explanation: ${concept}`);
  await expect(card).toHaveCount(2);
  await expect(card.first()).toContainText('AI-Generated');
  await expect(card.first()).toContainText('Explanation');
});

test('an explanation that cannot become a note shows the save failure toast', async ({ page }) => {
  // An empty explanation fails the note check (title and content are required).
  await page.route('**/api/ai/explanations', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify([
        { id: 1, concept: 'Blank', explanation: '', createdAt: new Date().toISOString() },
      ]),
    }),
  );
  await page.goto('/ai-explanations');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Save "Blank" as a note' }).click();
  await expect(toast(page, 'Error')).toContainText('Failed to save explanation as note. Please try again.');
});

test('the assistant has no serious accessibility violations', async ({ page }) => {
  await page.goto('/ai-explanations');
  await expect(page.getByRole('button', { name: 'Ask AI' })).toBeVisible();
  const results = await axe(page).include('[data-testid="ai-assistant"]').analyze();
  expect(
    results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
});

test('history empty state and the failure toasts', async ({ page }) => {
  await page.route('**/api/ai/explanations', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await page.goto('/ai-explanations');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('No explanations yet.')).toBeVisible();

  await page.getByRole('tab', { name: 'Ask AI' }).click();
  await page.route('**/api/ai/explain', (route) =>
    route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.getByPlaceholder('Ask about any concept...').fill('Mind Mapping');
  await page.getByRole('button', { name: 'Ask AI' }).click();
  await expect(toast(page, 'Error')).toContainText('Failed to generate explanation. Please try again later.');
});

test('history fetch failures show the spec texts', async ({ page }) => {
  await page.route('**/api/ai/explanations', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: 'not json' }),
  );
  await page.goto('/ai-explanations');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to parse AI explanations data');

  await page.unroute('**/api/ai/explanations');
  await page.route('**/api/ai/explanations', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Internal server error"}',
    }),
  );
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Failed to fetch AI explanations: 500 /);
});
