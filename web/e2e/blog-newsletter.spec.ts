// Newsletter in a real browser: subscribe from the blog home (POST /api/subscribe: pending until the reader
// confirms from the mail, double opt-in), then unsubscribe on /unsubscribe (prefill, validation,
// Processing..., success, Resubscribe resetting the form, the Error alert).
import { type APIRequestContext, expect, test } from '@playwright/test';
import { hydrated, ownerApi, uniqueWord } from './blog-helpers.ts';
import { linkIn, waitForMail } from './mail-helpers.ts';

// The visitor's service worker (reader mode) would make these requests out of page.route's reach.
test.use({ serviceWorkers: 'block' });

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await ownerApi();
});
test.afterAll(async () => {
  await api.dispose();
});

async function subscriber(email: string) {
  const list = (await (await api.get('/api/admin/subscribers')).json()) as {
    email: string;
    active: boolean;
    status: string;
  }[];
  return list.find((s) => s.email === email);
}

test('subscribe from the blog home, then unsubscribe with the prefilled address', async ({ page }) => {
  const email = `${uniqueWord('reader')}@example.com`;
  await page.goto('/blog');
  await hydrated(page);
  const block = page.getByRole('region', { name: 'Subscribe to the Newsletter' });
  await expect(block.getByText('We respect your privacy. Unsubscribe at any time.')).toBeVisible();
  const field = block.getByLabel('Email address');
  await expect(field).toHaveAttribute('type', 'email');
  await expect(field).toHaveAttribute('required', '');
  await field.fill(email);
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect(block.getByRole('status')).toContainText(
    `Almost there: we sent a confirmation link to ${email}. Open it to start receiving new posts.`,
  );
  await expect(field).toHaveValue('');
  // Nothing is sent to an address until its owner confirms from the inbox.
  expect(await subscriber(email)).toMatchObject({ status: 'pending', active: false });
  const token = linkIn(await waitForMail(api, email, 'confirmation'), '/subscribe/confirm').searchParams.get(
    'token',
  );
  expect((await api.post('/api/subscribe/confirm', { data: { token } })).ok()).toBe(true);
  await expect.poll(async () => (await subscriber(email))?.active).toBe(true);

  await page.goto(`/unsubscribe?email=${encodeURIComponent(email)}`);
  await hydrated(page);
  await expect(page).toHaveTitle('Unsubscribe | Private Notes');
  const input = page.getByLabel('Email address');
  await expect(input).toHaveValue(email);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/unsubscribe', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  await expect(page.getByRole('heading', { name: 'Successfully Unsubscribed' })).toBeVisible();
  await expect(
    page.getByText(
      'You have been successfully unsubscribed from our newsletter. You will no longer receive emails from us.',
    ),
  ).toBeVisible();
  await expect.poll(async () => (await subscriber(email))?.active).toBe(false);
  expect((await subscriber(email))?.status).toBe('unsubscribed');

  await page.getByRole('button', { name: 'Resubscribe' }).click();
  await expect(page.getByLabel('Email address')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});

test('unsubscribe: invalid address message, and the Error alert with the server message', async ({
  page,
}) => {
  await page.goto('/unsubscribe');
  await hydrated(page);
  await page.getByLabel('Email address').fill('not-an-address');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email address').fill('someone@example.com');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);

  await page.route('**/api/unsubscribe', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"message":"Mail service is down"}',
    }),
  );
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Error');
  await expect(alert).toContainText('Mail service is down');

  await page.route('**/api/unsubscribe', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to unsubscribe');
});

test('a failed subscription shows the server message', async ({ page }) => {
  await page.goto('/blog');
  await hydrated(page);
  await page.route('**/api/subscribe', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"Too many sign-ups"}' }),
  );
  const block = page.getByRole('region', { name: 'Subscribe to the Newsletter' });
  await block.getByLabel('Email address').fill('late@example.com');
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect(block.getByRole('alert')).toContainText('Too many sign-ups');
});
