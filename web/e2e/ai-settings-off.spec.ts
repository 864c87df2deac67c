// Settings › AI features off hides every AI button: the editor's Suggest Tags and Extract Insights, the card's
// Convert to Blog Post, study mode's generation buttons, the AI Assistant link and the assistant's Ask AI.
// Studying stored flashcards still works.
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { expect, test } from './fixtures.ts';
import { createServerNote, noteCard, STUDY_NOTE } from './study-fixtures.ts';

test.beforeEach(async ({ signIn }) => {
  await signIn();
});

test.afterEach(async ({ page }) => {
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
});

test('AI features off hides every AI button, on shows them again', async ({ page }) => {
  const title = `No AI ${Date.now()}`;
  await createServerNote(page, { title, content: STUDY_NOTE });

  // With AI on (the default), the buttons are there; make some flashcards to study later.
  await page.goto('/notes');
  const card = noteCard(page, title);
  await expect(card.getByRole('button', { name: 'Convert to Blog Post' })).toBeVisible();
  await card.getByRole('button', { name: 'Study Mode' }).click();
  const study = page.getByTestId('study-mode');
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  await study.getByRole('button', { name: 'Generate Flashcards' }).click();
  await expect(study.getByTestId('flashcard-position')).toHaveText(/^Card 1 of \d+$/);
  await page.keyboard.press('Escape');

  const off = await page.request.put('/api/user/settings', {
    data: { ...DEFAULT_SETTINGS, aiFeatures: false },
  });
  expect(off.ok()).toBe(true);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Study Mode' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Convert to Blog Post' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Assistant' }),
  ).toHaveCount(0);

  // Study mode: no generation buttons, but the stored cards are there to study.
  await card.getByRole('button', { name: 'Study Mode' }).click();
  await study.getByRole('tab', { name: 'Flashcards' }).click();
  await expect(study.getByTestId('flashcard-position')).toHaveText(/^Card 1 of \d+$/);
  await expect(study.getByRole('button', { name: 'Generate Flashcards' })).toHaveCount(0);
  await study.getByRole('tab', { name: 'Key Points' }).click();
  await expect(study.getByRole('button', { name: 'Extract Key Points' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Editor: no Suggest Tags or Extract Insights.
  await card.getByRole('button', { name: 'Edit Note' }).click();
  await expect(page.getByTestId('note-editor')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suggest Tags' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Extract Insights' })).toHaveCount(0);

  // The assistant page says AI is off and offers no Ask AI.
  await page.goto('/ai-explanations');
  await expect(page.getByText('AI features are turned off.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask AI' })).toHaveCount(0);

  // Back on: everything returns.
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
  await page.goto('/notes');
  await expect(noteCard(page, title).getByRole('button', { name: 'Convert to Blog Post' })).toBeVisible();
});
