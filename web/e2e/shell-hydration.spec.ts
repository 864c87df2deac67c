// Server-rendered public pages hydrate cleanly: the HTML arrives with the content, the app takes over
// without console errors (a mismatch would log one and re-render), and links then navigate client-side.
import { expect, test } from './fixtures.ts';

for (const path of ['/', '/blog', '/privacy-policy', '/terms-of-service', '/auth', '/no-such-page']) {
  test(`${path} hydrates without console errors`, async ({ page, consoleErrors }) => {
    await page.goto(path);
    // Hydration done: the router removes its bootstrap object.
    await page.waitForFunction(() => !('$_TSR' in window));
    await page.waitForLoadState('networkidle');
    // The not-found page itself answers 404, which Chromium logs for the document; nothing else may appear.
    const errors = consoleErrors.filter((e) => !(path === '/no-such-page' && /status of 404/.test(e)));
    expect(errors).toEqual([]);
  });
}

// In the owner's app: a visitor's public pages are islands, whose links are page loads (blog-islands.spec.ts).
test('after hydration, links navigate without a page load', async ({ page, signIn, consoleErrors }) => {
  await signIn();
  await page.goto('/privacy-policy');
  await page.waitForFunction(() => !('$_TSR' in window));
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Terms of Service | Private Notes');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(consoleErrors).toEqual([]);
});

test('a page rendered for the signed-in owner hydrates without console errors', async ({
  page,
  signIn,
  consoleErrors,
}) => {
  await signIn();
  await page.goto('/privacy-policy');
  await page.waitForFunction(() => !('$_TSR' in window));
  await expect(page.getByRole('button', { name: 'Logout (admin)' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(consoleErrors).toEqual([]);
});
