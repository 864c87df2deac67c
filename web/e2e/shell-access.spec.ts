// Every route's access rule (SPEC section 2), signed out and signed in, and 'Loading...' while the
// session loads.
import { E2E_OWNER, expect, test } from './fixtures.ts';

const REDIRECTING = ['/ai-explanations', '/settings', '/blog/admin', '/admin/subscribers', '/admin/outbox'];
const PUBLIC = [
  '/blog',
  '/blog/tags',
  '/blog/tags/notes',
  '/unsubscribe',
  '/subscribe/confirm',
  '/privacy-policy',
  '/terms-of-service',
];

test.describe('signed out', () => {
  test('/ shows the public blog list', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByText('Thoughts on knowledge management, productivity, and technology'),
    ).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('/notes shows the sign-in screen with return path /notes', async ({ page }) => {
    await page.goto('/notes');
    await expect(page.getByRole('heading', { name: 'Access Private Notes' })).toBeVisible();
    await expect(page).toHaveURL('/notes');
    await page.getByLabel('Password').fill(E2E_OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
    await expect(page).toHaveURL('/notes');
  });

  for (const path of REDIRECTING) {
    test(`${path} redirects to /auth with the return path`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/auth' && url.searchParams.get('redirect') === path,
      );
      await expect(page.getByRole('heading', { name: 'Access Private Notes' })).toBeVisible();
    });
  }

  for (const path of PUBLIC) {
    test(`${path} is public`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { name: 'Access Private Notes' })).toHaveCount(0);
    });
  }

  test('a protected route shows Loading... while the session loads', async ({ page }) => {
    // The server knows the visitor has no session and says so in the page, so the browser never asks
    // /api/user: the page shows 'Loading...' until the app's script has run and sends the visitor to
    // sign in. Holding that script holds the page in that state, whatever the machine's speed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/entry-client-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/settings', { waitUntil: 'commit' });
    await expect(page.getByText('Loading...').first()).toBeVisible();
    await expect(page).toHaveURL('/settings');
    release();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fsettings/);
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('/ and /notes show the notes screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
    await page.goto('/notes');
    await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  });

  for (const path of REDIRECTING) {
    test(`${path} opens without a redirect`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
      await expect(page).toHaveURL(path);
    });
  }

  test('/auth?redirect= sends the user on after signing in', async ({ page, context }) => {
    await context.clearCookies();
    await page.goto('/auth?redirect=%2Fsettings');
    await page.getByLabel('Password').fill(E2E_OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  });
});
