// The Outbox in capture mode (the test server has no SMTP): an informative notice says mail is captured
// and how many messages wait, the transport is described, Verify connection and Send a test e-mail answer as
// toasts, and a captured message shows its HTML (sandboxed) and plain-text parts, headers and .eml.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { outbox } from './mail-helpers.ts';

const OWNER_EMAIL = 'owner-outbox@example.com';

test('a captured test e-mail: banner, transport, list, HTML and text preview, headers, download', async ({
  page,
  signIn,
}) => {
  await signIn();
  const settings = await (await page.request.get('/api/user/settings')).json();
  const saved = await page.request.put('/api/user/settings', {
    data: { ...settings, ownerEmail: OWNER_EMAIL },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  const transport = page.getByTestId('mail-transport');
  await expect(transport.getByTestId('mail-transport-description')).not.toBeEmpty();
  await expect(transport).toContainText(OWNER_EMAIL);

  await transport.getByRole('button', { name: 'Verify connection' }).click();
  const toasts = page.getByRole('region', { name: 'Notifications' });
  await expect(toasts).toContainText('E-mail is captured to the Outbox; no SMTP server is configured');

  const before = (await outbox(page.request)).length;
  await transport.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(toasts).toContainText('Test e-mail sent');
  const captured = before + 1;
  await expect(page.getByTestId('mail-banner')).toContainText(
    'Mail is captured in the Outbox until an SMTP server is set up',
  );
  await expect(page.getByTestId('mail-banner')).toContainText(
    `${captured} ${captured === 1 ? 'message is' : 'messages are'} waiting in the Outbox.`,
  );

  // The newest message is listed first and previewed.
  const messages = page.getByRole('list', { name: 'Messages' });
  const first = messages.getByTestId('outbox-row').first();
  await expect(first).toContainText(OWNER_EMAIL);
  await expect(first).toContainText('test');
  await expect(first).toContainText('captured');
  const subject = (await first.getByRole('button').textContent()) ?? '';
  await first.getByRole('button').click();
  const preview = page.getByTestId('outbox-preview');
  await expect(preview.getByRole('heading', { name: subject })).toBeVisible();

  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('title', `HTML preview of "${subject}"`);
  await expect(page.frameLocator('[data-testid="outbox-preview"] iframe').locator('body')).not.toBeEmpty();

  await preview.getByRole('tab', { name: 'Plain text' }).click();
  await expect(preview.getByTestId('mail-text-part')).not.toBeEmpty();
  await expect(preview.locator('iframe')).toHaveCount(0);

  const headers = preview.getByRole('table', { name: 'Message headers' });
  await expect(headers.getByRole('row').filter({ hasText: 'Subject' }).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await preview.getByRole('link', { name: 'Download .eml' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.eml$/);
  const raw = await readFile(await download.path(), 'utf8');
  expect(raw).toMatch(new RegExp(`^To: .*${OWNER_EMAIL}`, 'mi'));

  // Capture mode is a state, not an error: the subscribers screen (where mail matters) carries the notice
  // with a link here, and Blog Admin, where it does not, carries none.
  await page.goto('/blog/admin');
  await expect(page.getByTestId('blog-admin')).toBeVisible();
  await expect(page.getByTestId('mail-banner')).toHaveCount(0);
  await page.goto('/admin/subscribers');
  const banner = page.getByTestId('mail-banner');
  await expect(banner).toContainText('Mail is captured in the Outbox until an SMTP server is set up');
  await expect(banner).toHaveAttribute('data-status', 'info');
  await banner.getByRole('link', { name: 'Open the Outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox/);
});
