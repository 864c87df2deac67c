// Every owner screen opened offline by a direct load (the service worker serves the app's shell for each),
// showing what the device holds and saying plainly what needs a connection, never the visitor's "not saved
// for offline reading" page or a bare "Failed to fetch". And a visitor's forms on a saved post offline: they
// say they need a connection and keep what was typed, instead of leaving for the browser's error page.
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './attachment-helpers.ts';
import { createPost, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';

const BROKEN = [
  'This page has not been saved for offline reading yet',
  'Failed to fetch',
  'Network request failed',
];

async function expectNothingBroken(page: Page) {
  for (const text of BROKEN) await expect(page.getByText(text)).toHaveCount(0);
}

test('every owner screen opens offline from a direct load', async ({ page, context, signIn }) => {
  test.setTimeout(150_000);
  await signIn();
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);

  // Screens whose data the device holds: they show it.
  const local: Array<[string, string]> = [
    ['/notes', 'My Notes'],
    ['/trash', 'Trash'],
    ['/import-export', 'Import & Export'],
    ['/study', 'Study due cards'],
    ['/study/stats', 'Statistics'],
    ['/ai-explanations', 'AI Assistant'],
  ];
  for (const [path, heading] of local) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNothingBroken(page);
  }
  await page.goto('/import-export');
  await expect(page.getByRole('button', { name: 'Export notes' })).toBeEnabled();
  // Study says it is offline, and where the grades go.
  await page.goto('/study');
  await expect(
    page.getByRole('status').filter({ hasText: /^Offline: your grades are saved on this device/ }),
  ).toBeVisible();

  // Screens whose data is on the server: the frame, the heading, and a plain "needs a connection".
  const server: Array<[string, string]> = [
    ['/settings', 'Settings'],
    ['/blog/admin', 'Blog Administration'],
    ['/admin/comments', 'Comments'],
    ['/admin/subscribers', 'Newsletter Subscribers'],
    ['/admin/outbox', 'Outbox'],
  ];
  for (const [path, heading] of server) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText(/needs a connection/).first()).toBeVisible();
    await expectNothingBroken(page);
  }

  // Back online, the screen fills in by itself.
  await page.goto('/settings');
  await expect(page.getByText(/needs a connection/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/needs a connection/)).toHaveCount(0);
});

test('a visitor’s Subscribe and Submit Comment on a saved post offline say so and keep what was typed', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord('form');
  const api = await ownerApi();
  const post = await createPost(api, { title: `Forms on the train ${word}` });
  await api.dispose();
  const path = postUrl(post);

  await page.goto(path);
  await expect(page.getByRole('heading', { name: post.title, level: 1 })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
  await expect
    .poll(
      () => page.evaluate(async (p) => (await caches.match(p, { ignoreSearch: true })) !== undefined, path),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: post.title, level: 1 })).toBeVisible();

  const email = page.getByLabel('Email address');
  await email.fill(`reader-${word}@example.com`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const note = /sending this needs a connection/;
  await expect(page.getByRole('alert').filter({ hasText: note })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(email).toHaveValue(`reader-${word}@example.com`);

  const form = page.getByRole('form', { name: 'Leave a comment' });
  await form.getByLabel('Name').fill(`Nora ${word}`);
  await form.getByLabel('Email (not published)').fill(`nora-${word}@example.com`);
  await form.getByLabel('Comment').fill(`Written in a tunnel ${word}`);
  await form.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(form.getByRole('alert').filter({ hasText: note })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(form.getByLabel('Comment')).toHaveValue(`Written in a tunnel ${word}`);
  await expect(form.getByLabel('Name')).toHaveValue(`Nora ${word}`);

  // Back online the notes go, and the same button sends the comment.
  await context.setOffline(false);
  await expect(page.getByText(note)).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(page.getByText('Thank you for your comment!')).toBeVisible({ timeout: 15_000 });

  // The same with the comment form's island already live when the connection drops: it checks the fields,
  // then says it needs a connection and keeps them.
  await page.goto(path);
  const live = page.getByRole('form', { name: 'Leave a comment' });
  await live.getByLabel('Name').focus();
  await expect(page.locator('[data-island-live]').filter({ has: live })).toHaveCount(1, { timeout: 15_000 });
  await context.setOffline(true);
  await live.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(live.getByText('Name is required')).toBeVisible();
  await live.getByLabel('Name').fill(`Ola ${word}`);
  await live.getByLabel('Email (not published)').fill(`ola-${word}@example.com`);
  await live.getByLabel('Comment').fill(`Typed while live ${word}`);
  await live.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(live.getByRole('alert').filter({ hasText: note })).toBeVisible();
  await expect(live.getByLabel('Comment')).toHaveValue(`Typed while live ${word}`);
  await context.setOffline(false);
});
