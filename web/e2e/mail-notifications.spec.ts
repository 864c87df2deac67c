// Settings that now send mail, against the real server in capture mode: the owner's address in Profile ›
// Email (validated), the transport described under Notifications, and "Email notifications" on → a
// visitor's comment waiting for moderation produces an alert in the Outbox linking to the post's comments.
// Alerts are grouped (at most one mail per 10 minutes, a check every 30 s): the comment is posted first,
// so whichever check sends the alert, it covers this comment. The other mail specs keep alerts off.
import { request } from '@playwright/test';
import { BASE_URL, createPost, ownerApi, postUrl, uniqueWord } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';
import { readerAddress, waitForMail } from './mail-helpers.ts';

test('a waiting comment, then Profile Email + Email notifications on → an alert in the Outbox', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerApi();
  const visitor = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: readerAddress() });
  const post = await createPost(owner, { title: `Alerted ${uniqueWord()}` });
  const comment = await visitor.post(`/api/blog/${post.id}/comments`, {
    data: { author: 'Reader', email: 'reader-comment@example.com', content: 'A question about this post.' },
  });
  expect(comment.ok(), await comment.text()).toBe(true);

  const ownerEmail = `${uniqueWord('owner')}@example.com`;
  await signIn();
  await page.goto('/settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  const email = profile.getByRole('textbox', { name: 'Email', exact: true });
  await email.fill('not an address');
  await expect(profile.getByText('Please enter a valid email address')).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  await email.fill(ownerEmail);
  await profile.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Settings updated');
  expect((await (await page.request.get('/api/user/settings')).json()).ownerEmail).toBe(ownerEmail);

  await page.getByRole('tab', { name: 'Notifications' }).click();
  const notifications = page.getByRole('form', { name: 'Notifications' });
  await expect(notifications.getByTestId('mail-transport-description')).not.toBeEmpty();
  await expect(notifications.getByTestId('mail-transport')).toContainText(ownerEmail);
  const alerts = notifications.getByRole('checkbox', { name: /Email notifications/ });
  if (!(await alerts.isChecked())) await notifications.getByText('Email notifications').click();
  await expect(alerts).toBeChecked();
  await notifications.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Settings updated');
  await expect
    .poll(async () => (await (await page.request.get('/api/user/settings')).json()).emailNotifications)
    .toBe(true);

  const alert = await waitForMail(owner, ownerEmail, 'alert', 75_000);
  expect(alert.text ?? '').toContain(`${postUrl(post)}#comments`);

  await page.goto(`/admin/outbox?message=${encodeURIComponent(alert.id)}`);
  const preview = page.getByTestId('outbox-preview');
  await expect(preview.getByRole('heading', { name: alert.subject })).toBeVisible();
  await expect(preview).toContainText(`To ${ownerEmail}`);
  await owner.dispose();
  await visitor.dispose();
});
