// Commenting on a post with JavaScript turned off, in a 390 px window: the comment form is a real form
// (POST /comment), the server answers with a page saying the comment waits for moderation, the comment is
// in the owner's moderation queue, and the page's link leads back to the post. A refused form says why and
// keeps what was typed.
import { expect, test } from '@playwright/test';
import { createPost, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { readerWithoutScripts } from './mail-helpers.ts';
import { E2E_OWNER } from './owner.ts';

test('a reader without JavaScript comments on a post; it waits in the owner’s moderation queue', async ({
  browser,
  page,
}) => {
  const word = uniqueWord();
  const api = await ownerApi();
  const post = await createPost(api, { title: `Comment without scripts ${word}` });
  const reader = await readerWithoutScripts(browser);
  await reader.goto(postUrl(post));
  const form = reader.getByRole('form', { name: 'Leave a comment' });
  await form.getByLabel('Name').fill(`Nora ${word}`);
  await form.getByLabel('Email (not published)').fill(`nora-${word}@example.com`);
  await form.getByLabel('Comment').fill(`Read it offline-first ${word}`);
  await form.getByRole('button', { name: 'Submit Comment' }).click();

  await expect(reader).toHaveURL(new RegExp(`/comment\\?post=${post.id}$`));
  await expect(reader.getByRole('heading', { level: 1, name: 'Thank you for your comment!' })).toBeVisible();
  await expect(reader.getByRole('status')).toHaveText('It will appear once it has been reviewed.');
  // Not public before approval.
  await reader.getByRole('link', { name: 'Back to the post' }).click();
  await expect(reader).toHaveURL(new RegExp(`${postUrl(post)}#comments$`));
  await expect(reader.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await expect(reader.getByText(`Read it offline-first ${word}`)).toHaveCount(0);
  await reader.context().close();

  // The owner finds it in the moderation queue, with the e-mail.
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await page.goto('/admin/comments');
  const queue = page.getByRole('list', { name: 'Comments waiting' });
  const nora = queue.getByRole('listitem', { name: `Comment by Nora ${word}` });
  await expect(nora).toContainText(`Read it offline-first ${word}`);
  await expect(nora).toContainText(`nora-${word}@example.com`);
  await expect(nora).toContainText(post.title);
  await api.dispose();
});

test('without JavaScript, a refused comment says why and keeps what was typed', async ({ browser }) => {
  const word = uniqueWord();
  const api = await ownerApi();
  const post = await createPost(api, { title: `Refused without scripts ${word}` });
  const reader = await readerWithoutScripts(browser);
  await reader.goto(postUrl(post));
  const form = reader.getByRole('form', { name: 'Leave a comment' });
  await form.getByLabel('Name').fill(`Otto ${word}`);
  await form.getByLabel('Email (not published)').fill('otto-at-example');
  await form.getByLabel('Comment').fill(`Keep this text ${word}`);
  await form.getByRole('button', { name: 'Submit Comment' }).click();

  await expect(reader.getByRole('heading', { level: 1, name: 'Error submitting comment' })).toBeVisible();
  const again = reader.getByRole('form', { name: 'Leave a comment' });
  await expect(again.getByRole('alert')).toHaveText('Invalid email format');
  await expect(again.getByLabel('Name')).toHaveValue(`Otto ${word}`);
  await expect(again.getByLabel('Comment')).toHaveValue(`Keep this text ${word}`);
  // Corrected, it goes through.
  await again.getByLabel('Email (not published)').fill(`otto-${word}@example.com`);
  await again.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Thank you for your comment!' })).toBeVisible();
  const pending = (await (await api.get('/api/admin/comments/pending')).json()) as { email: string }[];
  expect(pending.filter((c) => c.email === `otto-${word}@example.com`)).toHaveLength(1);
  await reader.context().close();
  await api.dispose();
});
