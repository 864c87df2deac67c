// Blog administration in real Chromium against the real server: create (with the server's validation
// message), edit, publish and unpublish (only the flag is sent; toasts, badges, the public blog), delete
// with its confirmation, ?edit={id} on arrival, and a generated draft's link to its source note.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

function card(page: Page, title: string) {
  return page.getByTestId('admin-post-card').filter({ has: page.getByRole('heading', { name: title }) });
}

async function createPostThroughApi(page: Page, body: Record<string, unknown>): Promise<{ id: number }> {
  const response = await page.request.post('/api/admin/blog', { data: body });
  expect(response.status()).toBe(201);
  return response.json();
}

test('an anonymous visitor is sent to sign in, keeping the edit link', async ({ page }) => {
  await page.goto('/blog/admin?edit=5');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/blog/admin?edit=5',
  );
});

test('create, edit, publish, unpublish and delete a post', async ({ page, signIn, browser, baseURL }) => {
  await signIn();
  await page.goto('/blog/admin');
  await expect(page.getByRole('heading', { name: 'Blog Administration' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to notes' })).toHaveAttribute('href', '/notes');
  await expect(page.getByRole('link', { name: 'Manage Subscribers' })).toHaveAttribute(
    'href',
    '/admin/subscribers',
  );
  await expect(page.getByRole('tab', { name: 'All Posts' })).toHaveAttribute('aria-selected', 'true');

  // Create: the server's validation message shows when the title is empty.
  await page.getByRole('button', { name: 'Create New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog.getByText('Title must not be empty')).toBeVisible();
  // The toast sits outside the modal dialog (hidden from the accessibility tree meanwhile): found by text.
  await expect(page.getByText('Failed to create post. Please try again.')).toBeVisible();

  const title = `Linking notes ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Excerpt').fill('Why links beat folders');
  const content = `## Links over folders\n\n${'Every note points to the notes it builds on. '.repeat(40)}\n\n<img src=x onerror="window.__pwned=1">`;
  await dialog.getByRole('textbox', { name: 'Content' }).fill(content);
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveAttribute('rows', '10');
  await dialog.getByLabel('Tags (comma separated)').fill('knowledge, , notes ,knowledge');
  // The preview renders the markdown, without anything that could run script.
  await dialog.getByRole('tab', { name: 'Preview' }).click();
  await expect(
    dialog.getByTestId('post-preview').getByRole('heading', { name: 'Links over folders' }),
  ).toBeVisible();
  await expect(dialog.getByTestId('post-preview').locator('[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admin/blog'));
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  // 320 words: read time computed from the content, rounded up.
  expect((await created).postDataJSON()).toMatchObject({ title, tags: ['knowledge', 'notes'], readTime: 2 });
  await expect(dialog).toBeHidden();
  const post = card(page, title);
  await expect(post).toBeVisible();
  await expect(post.getByText('Draft', { exact: true })).toBeVisible();
  await expect(post.getByText('Created less than a minute ago')).toBeVisible();
  await expect(post.getByText('2 min read')).toBeVisible();
  await expect(post.getByText('Why links beat folders')).toBeVisible();
  await expect(post.getByText('knowledge', { exact: true })).toBeVisible();
  await expect(post.getByText('notes', { exact: true })).toBeVisible();
  await expect(post.getByRole('link', { name: 'View source note' })).toHaveCount(0);
  const id = Number(await post.getAttribute('data-post-id'));
  const viewPost = post.getByRole('link', { name: 'View Post' });
  await expect(viewPost).toHaveAttribute('target', '_blank');
  await expect(viewPost).toHaveAttribute(
    'href',
    `/blog/post/${id}/${title.toLowerCase().replace(/ /g, '-')}`,
  );

  // Tabs: a draft is under Drafts, not under Published.
  await page.getByRole('tab', { name: 'Published' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Published' })).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Drafts' }).click();
  await expect(card(page, title)).toBeVisible();
  await page.getByRole('tab', { name: 'All Posts' }).click();

  // Edit: only the changed field is sent.
  await post.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await expect(editDialog.getByLabel('Title')).toHaveValue(title);
  await expect(editDialog.getByLabel('Tags (comma separated)')).toHaveValue('knowledge, notes');
  const edited = `${title} (revised)`;
  await editDialog.getByLabel('Title').fill(edited);
  const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/blog/${id}`));
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).postDataJSON()).toEqual({ title: edited });
  await expect(editDialog).toBeHidden();
  const revised = card(page, edited);
  await expect(revised).toBeVisible();

  // Publish: only {published} is sent; toast and badge; the public blog lists it.
  const publishRequest = page.waitForRequest(
    (r: Request) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/blog/${id}`),
  );
  await revised.getByRole('button', { name: 'Publish', exact: true }).click();
  expect((await publishRequest).postDataJSON()).toEqual({ published: true });
  await expect(notifications(page).getByText('Post published')).toBeVisible();
  await expect(revised.getByText('Published', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Published' }).click();
  await expect(card(page, edited)).toBeVisible();
  await page.getByRole('tab', { name: 'All Posts' }).click();

  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/blog');
  await expect(visitor.getByText(edited).first()).toBeVisible();

  // Unpublish: the post leaves the public blog.
  const unpublishRequest = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/blog/${id}`),
  );
  await revised.getByRole('button', { name: 'Unpublish' }).click();
  expect((await unpublishRequest).postDataJSON()).toEqual({ published: false });
  await expect(notifications(page).getByText('Post unpublished')).toBeVisible();
  await expect(revised.getByText('Draft', { exact: true })).toBeVisible();
  await visitor.goto('/blog');
  await expect(visitor.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(visitor.getByText(edited)).toHaveCount(0);
  await visitor.close();

  // Delete, after the confirmation.
  await revised.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this post?' });
  await expect(
    confirm.getByText('This action cannot be undone. This will permanently delete the blog post.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(revised).toBeVisible();
  await revised.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(revised).toHaveCount(0);
  expect((await page.request.get(`/api/blog/${id}`)).status()).toBe(404);
});

test('a tab without posts shows the empty state', async ({ page, signIn }) => {
  await signIn();
  const { id } = await createPostThroughApi(page, { title: `Only drafts ${Date.now()}`, content: 'Draft.' });
  // The list as the server would answer it with a single draft, whatever other tests created.
  const post = await (await page.request.get('/api/admin/blog')).json();
  await page.route('**/api/admin/blog', (route) =>
    route.fulfill({ json: (post as { id: number }[]).filter((p) => p.id === id) }),
  );
  await page.goto('/blog/admin');
  await expect(page.getByTestId('admin-post-card')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Published' }).click();
  await expect(page.getByText('No blog posts found in this category.')).toBeVisible();
  await page.getByRole('tab', { name: 'Drafts' }).click();
  await expect(page.getByTestId('admin-post-card')).toHaveCount(1);
  await expect(page.getByText('No blog posts found in this category.')).toHaveCount(0);
});

test('a failed status change shows the error toast and keeps the badge', async ({ page, signIn }) => {
  await signIn();
  const title = `Failing publish ${Date.now()}`;
  const { id } = await createPostThroughApi(page, { title, content: 'Short body.' });
  await page.route(`**/api/admin/blog/${id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, json: { message: 'Disk full' } })
      : route.continue(),
  );
  await page.goto('/blog/admin');
  const post = card(page, title);
  await post.getByRole('button', { name: 'Publish', exact: true }).click();
  const toast = notifications(page).getByRole('alert');
  await expect(toast.getByText('Error', { exact: true })).toBeVisible();
  await expect(toast.getByText('Failed to update post status. Please try again.')).toBeVisible();
  await expect(post.getByText('Draft', { exact: true })).toBeVisible();
});

test('failed edits and deletes show their toasts; the dialog keeps the server reason', async ({
  page,
  signIn,
}) => {
  await signIn();
  const title = `Failing edit ${Date.now()}`;
  const { id } = await createPostThroughApi(page, { title, content: 'Body.' });
  await page.route(`**/api/admin/blog/${id}`, (route) => {
    const method = route.request().method();
    if (method === 'PUT') return route.fulfill({ status: 503, json: { message: 'Storage is busy' } });
    if (method === 'DELETE') return route.fulfill({ status: 500, json: { message: 'Disk full' } });
    return route.continue();
  });
  await page.goto('/blog/admin');
  const post = card(page, title);
  await post.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await dialog.getByLabel('Title').fill(`${title}!`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update post. Please try again.')).toBeVisible();
  await expect(dialog.getByText('503: Storage is busy')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(post).toBeVisible();

  await post.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
  await expect(toast.getByText('Error', { exact: true })).toBeVisible();
  await expect(toast.getByText('Failed to delete post. Please try again.')).toBeVisible();
  await expect(post).toBeVisible();
});

test('/blog/admin?edit={id} opens that post for editing and drops the parameter on close', async ({
  page,
  signIn,
}) => {
  await signIn();
  const title = `Opened by link ${Date.now()}`;
  const { id } = await createPostThroughApi(page, { title, excerpt: 'From a link', content: '# Hello' });
  await page.goto(`/blog/admin?edit=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Excerpt')).toHaveValue('From a link');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/blog/admin' && !url.searchParams.has('edit'));
  await page.reload();
  await expect(card(page, title)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a generated draft's 'View source note' link opens the note", async ({ page, signIn }) => {
  await signIn();
  const noteTitle = `Spaced repetition ${Date.now()}`;
  const noteResponse = await page.request.post('/api/notes', {
    data: {
      title: noteTitle,
      content:
        '# Spaced repetition\n\nSpaced repetition schedules reviews at growing intervals. Each recall happens just before the memory would fade. Cards answered well come back later, so study time goes where it is needed.',
      tags: ['learning'],
    },
  });
  expect(noteResponse.status()).toBe(201);
  const note = (await noteResponse.json()) as { id: number };
  const generated = await page.request.post('/api/ai/generate-blog', { data: { noteId: note.id } });
  expect(generated.ok()).toBe(true);
  const { id } = (await generated.json()) as { id: number };

  await page.goto('/blog/admin');
  const post = page.locator(`[data-testid="admin-post-card"][data-post-id="${id}"]`);
  await expect(post.getByText('Draft', { exact: true })).toBeVisible();
  const link = post.getByRole('link', { name: 'View source note' });
  await expect(link).toHaveAttribute('href', `/notes?view=${note.id}`);
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === '/notes');
  // The notes screen reads the local database, which syncs from the server; the viewer opens once it has the note.
  await expect(page.getByRole('dialog').getByRole('heading', { name: noteTitle })).toBeVisible({
    timeout: 15_000,
  });
});
