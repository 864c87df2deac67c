// The theme menu: light, dark and system (default); system follows the OS and reacts to its changes; the
// choice survives a reload without a flash and is the same preference as Settings › Appearance.
import { expect, test } from './fixtures.ts';

const html = (page: import('@playwright/test').Page) => page.locator('html');

async function choose(page: import('@playwright/test').Page, label: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}

test('defaults to system and follows the OS while on system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/privacy-policy');
  await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});

test('dark and light override the OS, persist across reloads, and system hands back to the OS', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/privacy-policy');
  await choose(page, 'Dark');
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('private-notes-theme'))).toBe('dark');

  // The pre-paint script applies it before any app code runs.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.unroute('**/assets/*.js');
  await page.reload();

  await choose(page, 'Light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  await choose(page, 'System');
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('menuitemradio')).toHaveCount(0);
});

// Issue 35, point 6: on the server-rendered public page the button shows before the page's module script
// runs; a press made then used to do nothing. The script is held back here until the press has been made.
test('the theme button pressed before the page script has run opens the menu once it runs', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const scriptRequested = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route('**/assets/public-entry*.js', async (route) => {
    requested();
    await released;
    await route.continue();
  });
  await page.goto('/privacy-policy', { waitUntil: 'commit' });
  await scriptRequested;
  await page.getByRole('button', { name: 'Theme: System' }).click();
  release();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
});

test('the menu and Settings › Appearance are one preference', async ({ page, signIn }) => {
  await signIn();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Appearance' }).click();
  const select = page.getByLabel('Theme', { exact: true });
  await expect(select).toHaveValue('system');
  await choose(page, 'Dark');
  await expect(select).toHaveValue('dark');
  await select.selectOption('light');
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Theme: Light' })).toBeVisible();
});
