// Comments in a real browser (SPEC sections 2, 4, 5, 6): the form's own validation texts, the thank-you
// card, moderation by the signed-in owner (pending section with e-mails, Approve, Delete with the browser
// confirm), the approved comment visible to a visitor, Report flagging it for the owner.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createPost, hydrated, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { E2E_OWNER } from './owner.ts';

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await ownerApi();
});
test.afterAll(async () => {
  await api.dispose();
});

test('a visitor comments: validation, thank-you card, pending until approved', async ({ page }) => {
  const post = await createPost(api, { title: `Comments ${uniqueWord()}` });
  await page.goto(postUrl(post));
  await hydrated(page);
  const form = page.locator('form').filter({ hasText: 'Leave a comment' });
  await expect(form.getByLabel('Email (not published)')).toBeVisible();
  await expect(
    form.getByText('Your comment will be reviewed before appearing. Be respectful and constructive.'),
  ).toBeVisible();
  // The honeypot is not reachable by people or assistive technology.
  await expect(form.getByRole('textbox')).toHaveCount(3);

  await form.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Comment text is required')).toBeVisible();
  await form.getByLabel('Name').fill('Visitor Vera');
  await expect(form.getByText('Name is required')).toHaveCount(0);
  await expect(form.getByText('Email is required')).toBeVisible();
  await form.getByLabel('Email (not published)').fill('vera-at-example');
  await form.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await form.getByLabel('Email (not published)').fill('vera@example.com');
  await form.getByLabel('Comment', { exact: true }).fill('A thoughtful comment.');
  await form.getByRole('button', { name: 'Submit Comment' }).click();

  const thanks = page.getByTestId('comment-thanks');
  await expect(thanks).toBeVisible();
  await thanks.getByRole('button', { name: 'Add another comment' }).click();
  await expect(page.getByRole('button', { name: 'Submit Comment' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  // Pending: the visitor does not see it.
  await expect(page.getByTestId('comment')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();

  const stored = await (await api.get(`/api/blog/${post.id}/comments`)).json();
  expect(stored).toMatchObject([{ author: 'Visitor Vera', email: 'vera@example.com', isApproved: false }]);
});

test('the thank-you card gives the form back after 5 seconds', async ({ page }) => {
  const post = await createPost(api, { title: `Thanks ${uniqueWord()}` });
  await page.goto(postUrl(post));
  await hydrated(page);
  await page.clock.install();
  // Only the card's timing is under test here: the answer is stood in for, which keeps this run's real
  // comments under the server's per-address limit (10 in 15 minutes) shared by every spec.
  await page.route(`**/api/blog/${post.id}/comments`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 201,
          json: {
            id: 1,
            postId: post.id,
            author: 'Tim',
            content: 'Timed.',
            createdAt: new Date().toISOString(),
            isApproved: false,
          },
        })
      : route.continue(),
  );
  await page.getByLabel('Name').fill('Tim');
  await page.getByLabel('Email (not published)').fill('tim@example.com');
  await page.getByLabel('Comment', { exact: true }).fill('Timed.');
  await page.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(page.getByTestId('comment-thanks')).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(page.getByTestId('comment-thanks')).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(page.getByRole('button', { name: 'Submit Comment' })).toBeVisible();
});

test('the owner approves and deletes; a visitor then sees the approved comment and can report it', async ({
  browser,
  page,
}) => {
  const post = await createPost(api, { title: `Moderate ${uniqueWord()}` });
  for (const [author, text] of [
    ['Keep Me', 'Worth keeping.'],
    ['Spam Bot', 'Buy things.'],
  ] as const) {
    const res = await api.post(`/api/blog/${post.id}/comments`, {
      data: { author, email: `${author.replace(' ', '').toLowerCase()}@example.com`, content: text },
    });
    expect(res.status()).toBe(201);
  }

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  expect((await owner.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  const ownerChunks: string[] = [];
  owner.on('request', (r) => ownerChunks.push(r.url()));
  await owner.goto(postUrl(post));
  await hydrated(owner);
  const pending = owner.getByTestId('pending-comments');
  await expect(pending.getByRole('heading', { name: 'Pending Comments' })).toBeVisible();
  await expect(pending.getByText('keepme@example.com')).toBeVisible();
  await expect(pending.getByTestId('comment')).toHaveCount(2);
  expect(ownerChunks.some((u) => /OwnerComments-.*\.js$/.test(u))).toBe(true);

  await pending
    .getByTestId('comment')
    .filter({ hasText: 'Keep Me' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(pending.getByTestId('comment')).toHaveCount(1);
  const dialogs: string[] = [];
  owner.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.accept();
  });
  await pending
    .getByTestId('comment')
    .filter({ hasText: 'Spam Bot' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(owner.getByTestId('pending-comments')).toHaveCount(0);
  expect(dialogs).toEqual(['Are you sure you want to delete this comment?']);
  await expect(owner.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

  // The visitor: the approved comment, without its e-mail, and no owner code downloaded.
  const visitorChunks: string[] = [];
  page.on('request', (r) => visitorChunks.push(r.url()));
  await page.goto(postUrl(post));
  await hydrated(page);
  const visible = page.getByTestId('comment');
  await expect(visible).toHaveCount(1);
  await expect(visible).toContainText('Worth keeping.');
  await expect(visible).not.toContainText('keepme@example.com');
  await expect(page.getByText('Buy things.')).toHaveCount(0);
  await expect(page.getByTestId('pending-comments')).toHaveCount(0);
  expect(visitorChunks.some((u) => /OwnerComments-/.test(u))).toBe(false);

  await visible.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText('Thanks for the like!')).toBeVisible();
  await visible.getByRole('button', { name: 'Report' }).click();
  await expect(visible.getByRole('button', { name: 'Reported' })).toBeDisabled();
  await owner.reload();
  await hydrated(owner);
  await expect(
    owner.getByTestId('comment').filter({ hasText: 'Keep Me' }).getByText('Reported'),
  ).toBeVisible();

  // The owner deletes an approved comment too.
  await owner
    .getByTestId('comment')
    .filter({ hasText: 'Keep Me' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(owner.getByTestId('comment')).toHaveCount(0);
  await ownerContext.close();
  await page.reload();
  await expect(page.getByTestId('comment')).toHaveCount(0);
});

test('the signed-in owner commenting gets the toast and sees the comment pending at once', async ({
  page,
}) => {
  const post = await createPost(api, { title: `Owner comment ${uniqueWord()}` });
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await page.goto(postUrl(post));
  await hydrated(page);
  await page.getByLabel('Name').fill('The Owner');
  await page.getByLabel('Email (not published)').fill('owner@example.com');
  await page.getByLabel('Comment', { exact: true }).fill('Thanks for reading.');
  await page.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(page.getByText('Your comment has been posted.')).toBeVisible();
  await expect(page.getByTestId('pending-comments')).toContainText('Thanks for reading.');
});
