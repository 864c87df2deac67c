// The editor's AI helpers and blog conversion in real Chromium: Suggest Tags and Extract Insights with their
// disabled rules and toasts, suggested tags added only when new, the insights list, and Convert to Blog Post
// with the per-note spinner, the new draft opened (and the toast link to /blog/admin?edit={id}), and the
// question when the note already has a draft.
import { expect, test } from './fixtures.ts';
import { watchNetwork } from './network-quiet.ts';
import { createServerNote, noteCard, STUDY_NOTE, toast } from './study-fixtures.ts';

// page.route does not see requests a service worker makes; these tests stub answers, so no service worker.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ signIn }) => {
  await signIn();
});

test('Suggest Tags and Extract Insights in the editor', async ({ page }) => {
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New Note' }).click();
  const suggest = page.getByRole('button', { name: 'Suggest Tags' });
  const extract = page.getByRole('button', { name: 'Extract Insights' });
  // Empty content: both disabled.
  await expect(suggest).toBeDisabled();
  await expect(extract).toBeDisabled();

  // Blank content: enabled, but asks for some content first.
  await page.getByLabel('Content').fill('   ');
  await suggest.click();
  await expect(toast(page, 'Cannot suggest tags')).toContainText(
    'Please add some content to your note first.',
  );
  await extract.click();
  await expect(toast(page, 'Cannot extract insights')).toContainText(
    'Please add some content to your note first.',
  );

  await page.getByLabel('Title').fill(`Memory notes ${Date.now()}`);
  await page.getByLabel('Content').fill(STUDY_NOTE);
  const tags = page.getByLabel('Tags (comma separated)');
  await tags.fill('fsrs, reading');
  await suggest.click();
  await expect(toast(page, 'Tags suggested')).toContainText(
    'AI has suggested tags based on your note content.',
  );
  // Suggestions are added after the typed tags, and 'fsrs' (already there) is not added twice.
  await expect(tags).toHaveValue(/^fsrs, reading, .*spaced-repetition/);
  const list = (await tags.inputValue()).split(',').map((t) => t.trim().toLowerCase());
  expect(list.filter((t) => t === 'fsrs')).toHaveLength(1);

  // Suggesting again adds nothing new: the list stays the same.
  const before = await tags.inputValue();
  await suggest.click();
  await expect(toast(page, 'Tags suggested')).toBeVisible();
  await expect(tags).toHaveValue(before);

  await extract.click();
  await expect(toast(page, 'Insights extracted')).toContainText(
    'AI has extracted key insights from your note content.',
  );
  const insights = page.getByTestId('editor-insights').getByRole('listitem');
  await expect(insights.first()).toBeVisible();
  expect(await insights.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('editor-insights')).toContainText(
    'Spaced repetition is a learning technique that schedules reviews at increasing intervals.',
  );
});

test('Convert to Blog Post opens the new draft with the note’s tags; converting again asks first', async ({
  page,
}) => {
  const title = `Blog source ${Date.now()}`;
  await createServerNote(page, { title, content: STUDY_NOTE, tags: ['learning'] });
  await page.goto('/notes');
  const convert = noteCard(page, title).getByRole('button', { name: 'Convert to Blog Post' });
  await convert.click();
  // The new draft opens in Blog Admin's editor (the toast's link to it is behind the modal editor now).
  await expect(page).toHaveURL(/\/blog\/admin\?edit=\d+$/, { timeout: 15_000 });
  const postId = Number(new URL(page.url()).searchParams.get('edit'));
  const editor = page.getByRole('dialog').filter({ hasText: 'Edit Blog Post' });
  await expect(editor).toBeVisible({ timeout: 15_000 });
  await expect(editor.getByLabel('Title')).toHaveValue(title);

  // The draft exists on the server, unpublished, linked to the note, with exactly the note's tags.
  const posts = async () =>
    (await (await page.request.get('/api/admin/blog')).json()) as Array<{
      id: number;
      published: boolean;
      sourceNoteId?: number;
      tags: string[];
    }>;
  const draft = (await posts()).find((post) => post.id === postId);
  expect(draft?.published).toBe(false);
  expect(draft?.sourceNoteId).toBeGreaterThan(0);
  expect(draft?.tags).toEqual(['learning']);
  await expect(editor.getByLabel('Tags (comma separated)')).toHaveValue('learning');

  // Converting the same note again asks instead of silently making a second draft.
  await page.goto('/notes');
  await noteCard(page, title).getByRole('button', { name: 'Convert to Blog Post' }).click();
  const ask = page.getByRole('dialog', { name: 'This note already has a draft' });
  await expect(ask).toBeVisible({ timeout: 15_000 });
  await ask.getByRole('button', { name: 'Open the existing draft' }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/admin\\?edit=${postId}$`));
  await expect(page.getByRole('dialog').filter({ hasText: 'Edit Blog Post' })).toBeVisible({
    timeout: 15_000,
  });
  expect((await posts()).filter((post) => post.sourceNoteId === draft?.sourceNoteId)).toHaveLength(1);

  await page.goto('/notes');
  await noteCard(page, title).getByRole('button', { name: 'Convert to Blog Post' }).click();
  await page
    .getByRole('dialog', { name: 'This note already has a draft' })
    .getByRole('button', { name: 'Make another' })
    .click();
  await expect(page).toHaveURL(/\/blog\/admin\?edit=\d+$/, { timeout: 15_000 });
  const another = Number(new URL(page.url()).searchParams.get('edit'));
  expect(another).not.toBe(postId);
  expect((await posts()).filter((post) => post.sourceNoteId === draft?.sourceNoteId)).toHaveLength(2);
});

test('a note that has not synced yet is synced before the conversion', async ({ page }) => {
  await page.goto('/notes');
  const title = `Offline first ${Date.now()}`;
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(STUDY_NOTE);
  await page.getByRole('button', { name: 'Save' }).click();
  // Straight away, before the debounced sync, convert it: the conversion pushes it first.
  await noteCard(page, title).getByRole('button', { name: 'Convert to Blog Post' }).click();
  // The success toast and the draft's modal editor come together, and the modal hides the rest of the page
  // from the accessibility tree: a role query finds the toast only if it looks before the editor opens.
  // So the toast by its text (on screen for 8 s), then what the conversion made.
  await expect(page.getByText('Blog post generated successfully')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/blog\/admin\?edit=\d+$/, { timeout: 15_000 });
  const postId = Number(new URL(page.url()).searchParams.get('edit'));
  const editor = page.getByRole('dialog').filter({ hasText: 'Edit Blog Post' });
  await expect(editor.getByLabel('Title')).toHaveValue(title, { timeout: 15_000 });
  // The note reached the server before the draft was made from it.
  const notes = (await (await page.request.get('/api/notes')).json()) as Array<{ id: number; title: string }>;
  const note = notes.find((n) => n.title === title);
  expect(note).toBeDefined();
  const posts = (await (await page.request.get('/api/admin/blog')).json()) as Array<{
    id: number;
    sourceNoteId?: number;
  }>;
  expect(posts.find((post) => post.id === postId)?.sourceNoteId).toBe(note?.id);
});

test('a failed conversion shows the failure toast', async ({ page }) => {
  const title = `Fails ${Date.now()}`;
  await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/ai/generate-blog', async (route) => {
    await held;
    await route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"model down"}' });
  });
  const convert = noteCard(page, title).getByRole('button', { name: 'Convert to Blog Post' });
  await convert.click();
  // While it runs, only this note's button spins (and is disabled).
  await expect(convert).toHaveAttribute('aria-busy', 'true');
  await expect(convert).toBeDisabled();
  await expect(page.locator('[aria-label="Convert to Blog Post"][aria-busy="true"]')).toHaveCount(1);
  release();
  await expect(convert).not.toHaveAttribute('aria-busy', 'true');
  await expect(toast(page, 'Failed to generate blog post')).toContainText(
    'There was an error generating a blog post from your note. Please try again.',
  );
});

test('converting a note that cannot sync yet says it must sync first', async ({ page, context }) => {
  // No service worker here: the editor and what it opens must have arrived before the network goes, so the
  // note is written online and saved offline (it then never reaches the server).
  const editorFetched = page.waitForResponse(
    (response) => /\/assets\/NoteEditor-[^/]+\.js$/.test(new URL(response.url()).pathname) && response.ok(),
    { timeout: 20_000 },
  );
  // Not 'networkidle': the live channel stays open (network-quiet.ts).
  const network = watchNetwork(page);
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await editorFetched;
  const title = `Never synced ${Date.now()}`;
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(STUDY_NOTE);
  await network.settled();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await noteCard(page, title).getByRole('button', { name: 'Convert to Blog Post' }).click();
  await expect(toast(page, 'Failed to generate blog post')).toContainText(
    'has not been synced to the server yet',
  );
  await context.setOffline(false);
});
