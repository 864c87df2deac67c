// The frame (SPEC section 2, global layout): navigation bar and footer rules, their links, the nav
// shadow after 10 px of scroll, and the not-found screen.
import { E2E_OWNER, expect, test } from './fixtures.ts';

const NO_FOOTER = [
  '/notes',
  '/ai-explanations',
  '/settings',
  '/blog/admin',
  '/admin/subscribers',
  '/admin/outbox',
];

test('signed out: logo to /blog, View Blog and Admin, no owner links', async ({ page }) => {
  await page.goto('/privacy-policy');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Private Notes home' })).toHaveAttribute('href', '/blog');
  await expect(nav.getByRole('link', { name: 'View Blog' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/auth');
  for (const name of ['My Notes', 'Blog Admin', 'AI Assistant', 'Settings']) {
    await expect(nav.getByRole('link', { name })).toHaveCount(0);
  }
});

test('signed in: logo to /, the owner links and Logout (username)', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/privacy-policy');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Private Notes home' })).toHaveAttribute('href', '/');
  const links = {
    'My Notes': '/notes',
    'Blog Admin': '/blog/admin',
    'AI Assistant': '/ai-explanations',
    Settings: '/settings',
  };
  for (const [name, href] of Object.entries(links)) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('button', { name: 'Logout (admin)' })).toBeVisible();
  await nav.getByRole('link', { name: 'Blog Admin' }).click();
  await expect(page).toHaveURL('/blog/admin');
});

test('the navigation bar is hidden on /auth paths', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the navigation bar gains its shadow after 10 px of scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/privacy-policy');
  const header = page.locator('header[data-scrolled]');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  const shadowAtTop = await header.evaluate((el) => getComputedStyle(el).boxShadow);
  await page.evaluate(() => window.scrollTo(0, 8));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe(shadowAtTop);
});

test('the footer carries the blurb and links; contact and social links only once the owner sets them', async ({
  page,
}) => {
  await page.goto('/blog');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('self-hosted');
  // Nobody else's address or profiles on a fresh install (Settings › Site sets them: blog-site-settings).
  await expect(footer.getByRole('link', { name: /@/ })).toHaveCount(0);
  const links = {
    Blog: '/blog',
    'Admin Login': '/auth',
    'Privacy Policy': '/privacy-policy',
    'Terms of Service': '/terms-of-service',
  };
  for (const [name, href] of Object.entries(links)) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('list', { name: 'Social links' })).toHaveCount(0);
});

test('the footer is hidden on the owner’s working screens', async ({ page, signIn }) => {
  await signIn();
  for (const path of NO_FOOTER) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toHaveCount(0);
  }
  await page.goto('/blog');
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('an unknown path shows the not-found screen with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  // Client-side navigation to an unknown path shows it too (in the owner's app: a visitor's public pages
  // have no router, every move is a page load).
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await page.goto('/privacy-policy');
  await page.evaluate(() => {
    history.pushState({}, '', '/another/missing');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});
