// Sending a post as a newsletter issue from Blog admin, against the real server in capture mode: the
// preview's HTML and plain-text tabs, "Send a test to me", the confirmation naming the recipient count,
// live progress to done, the card's "Sent to N subscribers" line, the dialog's keyboard behaviour, and the
// footer's unsubscribe link working without an address. Then "Publish and send" for a draft.
import { type APIRequestContext, request } from '@playwright/test';
import { BASE_URL, createPost, hydrated, ownerApi, uniqueWord } from './blog-helpers.ts';
import { expect, test } from './fixtures.ts';
import { linkIn, subscribeConfirmed, subscriberStatus, waitForMail } from './mail-helpers.ts';

test.describe.configure({ mode: 'serial' });

let owner: APIRequestContext;
let visitor: APIRequestContext;
const reader = `${uniqueWord('issue')}@example.com`;
let before: Record<string, unknown>;

test.beforeAll(async () => {
  owner = await ownerApi();
  visitor = await request.newContext({ baseURL: BASE_URL });
  before = await (await owner.get('/api/user/settings')).json();
  // An address for "Send a test to me", with alerts off: a comment alert sent now (other specs leave
  // comments waiting) would hold back mail-notifications' alert for 10 minutes.
  await owner.put('/api/user/settings', {
    data: { ...before, ownerEmail: 'owner-news@example.com', emailNotifications: false },
  });
  await subscribeConfirmed(visitor, owner, { email: reader });
});
test.afterAll(async () => {
  // The settings as they were, so later specs see the defaults (Email notifications on, no address).
  await owner.put('/api/user/settings', { data: before });
  await owner.dispose();
  await visitor.dispose();
});

async function activeCount(): Promise<number> {
  const list = (await (await owner.get('/api/admin/subscribers')).json()) as { status: string }[];
  return list.filter((s) => s.status === 'active').length;
}

function card(page: import('@playwright/test').Page, title: string) {
  return page.getByTestId('admin-post-card').filter({ has: page.getByRole('heading', { name: title }) });
}

test('send a published post: preview, test, confirmation, progress, card line, unsubscribe link', async ({
  page,
  signIn,
}) => {
  const title = `Issue ${uniqueWord()}`;
  await createPost(owner, { title, content: `Hello readers of ${title}.`, published: true });
  const recipients = await activeCount();
  const n = `${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'}`;
  await signIn();
  await page.goto('/blog/admin');
  const opener = card(page, title).getByRole('button', { name: 'Send as newsletter' });
  await opener.click();

  const dialog = page.getByRole('dialog', { name: 'Send as newsletter' });
  await expect(dialog).toContainText(title);
  // Capture mode is said where it matters, as information: the issue goes to the Outbox.
  await expect(dialog.getByTestId('capture-note')).toContainText(
    'Mail is captured in the Outbox until an SMTP server is set up',
  );
  await expect(dialog.getByTestId('newsletter-recipients')).toHaveText(`It will go to ${n}, as shown here.`);
  const html = dialog.locator('iframe');
  await expect(html).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('[data-testid="newsletter-dialog"] iframe').getByText(title).first(),
  ).toBeVisible();
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.getByTestId('mail-text-part')).toContainText(`Hello readers of ${title}.`);

  await dialog.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Test sent.' })).toBeVisible();
  await waitForMail(owner, 'owner-news@example.com', 'test');

  await dialog.getByRole('button', { name: `Send to ${n}` }).click();
  const confirm = dialog.getByTestId('newsletter-confirm');
  await expect(confirm).toContainText(`Send “${title}” to ${n} now?`);
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Send now' }).click();

  await expect(dialog.getByTestId('newsletter-state')).toHaveText('Done', { timeout: 20_000 });
  await expect(dialog.getByTestId('newsletter-counts')).toHaveText(
    `${recipients} of ${recipients} sent · 0 left`,
  );
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  // Escape closes; focus returns to the card's button; nothing of the dialog stays in the page.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, title).getByRole('button', { name: 'Newsletter progress' })).toBeFocused();
  await expect(card(page, title).getByTestId('post-newsletter-sent')).toHaveText(
    new RegExp(`^Sent to ${n} on \\w{3} \\d{1,2}, \\d{4}$`),
  );

  // The issue reached the reader; its footer link unsubscribes without asking for the address.
  const issue = await waitForMail(owner, reader, 'newsletter');
  expect(issue.subject).toContain(title);
  expect(issue.headers.map((h) => h.name.toLowerCase())).toEqual(
    expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']),
  );
  const unsubscribe = linkIn(issue, '/unsubscribe');
  const visitorPage = await page.context().browser()?.newPage();
  if (!visitorPage) throw new Error('no browser');
  await visitorPage.goto(`${BASE_URL}${unsubscribe.pathname}${unsubscribe.search}`);
  await hydrated(visitorPage);
  await expect(visitorPage.getByLabel('Email address')).toHaveCount(0);
  await visitorPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitorPage.getByRole('heading', { name: 'Successfully Unsubscribed' })).toBeVisible();
  expect(await subscriberStatus(owner, reader)).toBe('unsubscribed');
  await visitorPage.close();
});

test('Publish and send a draft', async ({ page, signIn }) => {
  await subscribeConfirmed(visitor, owner, { email: `${uniqueWord('draft')}@example.com` });
  const title = `Draft ${uniqueWord()}`;
  await createPost(owner, { title, published: false });
  const recipients = await activeCount();
  const n = `${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'}`;
  await signIn();
  await page.goto('/blog/admin');
  await card(page, title).getByRole('button', { name: 'Publish and send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish and send' });
  await dialog.getByRole('button', { name: `Publish and send to ${n}` }).click();
  await expect(dialog.getByTestId('newsletter-confirm')).toContainText(
    `Publish “${title}” and send it to ${n} now?`,
  );
  // Back returns to the preview without sending.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: `Publish and send to ${n}` }).click();
  await dialog.getByRole('button', { name: 'Publish and send now' }).click();
  await expect(dialog.getByTestId('newsletter-state')).toHaveText('Done', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const sent = card(page, title);
  await expect(sent.getByText('Published', { exact: true })).toBeVisible();
  await expect(sent.getByTestId('post-newsletter-sent')).toContainText(`Sent to ${n}`);
});
