// The newsletter dialog's rarer states, which a capture-mode server never reaches on its own (they need an
// SMTP server that refuses): a paused send with its reason and Resume, live progress polled until done,
// and Retry uncertain behind its warning. The send's answers are stood in for in the browser; the page,
// session and post are real.
import type { Page, Route } from '@playwright/test';
import { createPost, ownerApi, uniqueWord } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';

interface Send {
  id: number;
  postId: number;
  state: 'sending' | 'paused' | 'done';
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  uncertain: number;
  left: number;
  pausedReason: string | null;
  startedAt: string;
  finishedAt: string | null;
}

function sendOf(postId: number, fields: Partial<Send>): Send {
  return {
    id: 9,
    postId,
    state: 'sending',
    total: 10,
    sent: 0,
    failed: 0,
    skipped: 0,
    uncertain: 0,
    left: 10,
    pausedReason: null,
    startedAt: '2026-11-23T20:00:00.000Z',
    finishedAt: null,
    ...fields,
  };
}

async function openDialog(page: Page, title: string) {
  await page.goto('/blog/admin');
  const card = page
    .getByTestId('admin-post-card')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: 'Send as newsletter' }).click();
  return page.getByRole('dialog', { name: 'Send as newsletter' });
}

test('paused: the reason and Resume; then progress is polled until done', async ({ page, signIn }) => {
  const owner = await ownerApi();
  const title = `Paused ${uniqueWord()}`;
  const post = await createPost(owner, { title });
  await owner.dispose();
  await signIn();

  const answers = [
    sendOf(post.id, { state: 'sending', sent: 4, left: 6 }),
    sendOf(post.id, { state: 'sending', sent: 8, failed: 1, left: 1 }),
    sendOf(post.id, { state: 'done', sent: 9, failed: 1, left: 0, finishedAt: '2026-11-23T20:01:00.000Z' }),
  ];
  let polls = 0;
  await page.route(`**/api/admin/blog/${post.id}/newsletter`, (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    if (polls === 0) {
      polls++;
      return route.fulfill({
        json: sendOf(post.id, {
          state: 'paused',
          sent: 3,
          left: 7,
          pausedReason: 'The SMTP server refused the login (535 Authentication failed).',
        }),
      });
    }
    const answer = answers[Math.min(polls - 1, answers.length - 1)];
    polls++;
    return route.fulfill({ json: answer });
  });
  await page.route(`**/api/admin/blog/${post.id}/newsletter/resume`, (route) =>
    route.fulfill({ status: 200, json: sendOf(post.id, { state: 'sending', sent: 3, left: 7 }) }),
  );

  const dialog = await openDialog(page, title);
  await expect(dialog.getByTestId('newsletter-state')).toHaveText('Paused');
  await expect(dialog).toContainText('Sending is paused');
  await expect(dialog).toContainText('The SMTP server refused the login (535 Authentication failed).');
  await expect(dialog.getByTestId('newsletter-counts')).toHaveText('3 of 10 sent · 7 left');

  const resume = page.waitForRequest((r) => r.url().endsWith('/newsletter/resume') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Resume' }).click();
  await resume;
  await expect(dialog.getByTestId('newsletter-state')).toHaveText('Sending…');
  await expect(dialog.getByTestId('newsletter-counts')).toHaveText('8 of 10 sent · 1 failed · 1 left');
  await expect(dialog.getByTestId('newsletter-state')).toHaveText('Finished with problems');
  await expect(dialog.getByTestId('newsletter-counts')).toHaveText('9 of 10 sent · 1 failed · 0 left');
  // Done: polling stops.
  const settled = polls;
  await page.waitForTimeout(3_500);
  expect(polls).toBe(settled);
});

test('Retry uncertain warns first; Cancel keeps them, Send again retries', async ({ page, signIn }) => {
  const owner = await ownerApi();
  const title = `Uncertain ${uniqueWord()}`;
  const post = await createPost(owner, { title });
  await owner.dispose();
  await signIn();

  let current = sendOf(post.id, { state: 'done', sent: 7, uncertain: 3, left: 0 });
  await page.route(`**/api/admin/blog/${post.id}/newsletter`, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: current }) : route.fallback(),
  );
  let retried = 0;
  await page.route(`**/api/admin/blog/${post.id}/newsletter/retry-uncertain`, (route) => {
    retried++;
    current = sendOf(post.id, { state: 'done', sent: 10, left: 0 });
    return route.fulfill({ json: sendOf(post.id, { state: 'sending', sent: 7, left: 3 }) });
  });

  const dialog = await openDialog(page, title);
  await expect(dialog.getByTestId('newsletter-counts')).toHaveText('7 of 10 sent · 3 uncertain · 0 left');
  await expect(dialog).toContainText('it is not known whether they arrived');

  await dialog.getByRole('button', { name: 'Retry uncertain' }).click();
  const warning = dialog.getByRole('alert');
  await expect(warning).toHaveText('These subscribers may already have this e-mail. Send it again?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  expect(retried).toBe(0);

  await dialog.getByRole('button', { name: 'Retry uncertain' }).click();
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expect(dialog.getByTestId('newsletter-state')).toHaveText('Done');
  await expect(dialog.getByTestId('newsletter-counts')).toHaveText('10 of 10 sent · 0 left');
  expect(retried).toBe(1);
  await expect(dialog.getByRole('button', { name: 'Retry uncertain' })).toHaveCount(0);
});

test('a refused send keeps the dialog on the preview with the server message', async ({ page, signIn }) => {
  const owner = await ownerApi();
  const title = `Refused ${uniqueWord()}`;
  const post = await createPost(owner, { title });
  await owner.dispose();
  await signIn();
  await page.route(`**/api/admin/blog/${post.id}/newsletter`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: null })
      : route.fulfill({ status: 409, json: { message: 'This post was already sent.' } }),
  );
  await page.route(`**/api/admin/blog/${post.id}/newsletter/preview`, (route) =>
    route.fulfill({ json: { subject: title, html: `<h1>${title}</h1>`, text: title, recipients: 2 } }),
  );
  const dialog = await openDialog(page, title);
  await dialog.getByRole('button', { name: 'Send to 2 subscribers' }).click();
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(dialog).toContainText('Not sent');
  await expect(dialog).toContainText('409: This post was already sent.');
  await expect(dialog.getByRole('button', { name: 'Send to 2 subscribers' })).toBeVisible();

  // Escape closes it, nothing of it stays in the page, and focus is back on the card's button.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('newsletter-dialog')).toHaveCount(0);
  const card = page
    .getByTestId('admin-post-card')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByRole('button', { name: 'Send as newsletter' })).toBeFocused();
});
