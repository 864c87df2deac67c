// On a phone-sized screen: the bottom tab strip and the collapsible menu replace the desktop links.
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('signed out: tabs for the blog and sign-in; the menu opens and closes', async ({ page }) => {
  await page.goto('/privacy-policy');
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs).toBeVisible();
  await expect(tabs.getByRole('link')).toHaveText(['Blog', 'Sign in']);
  const box = await tabs.boundingBox();
  expect(box && box.y + box.height).toBeCloseTo(844, -1);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'View Blog' }),
  ).toBeHidden();

  const open = page.getByRole('button', { name: 'Open menu' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'View Blog' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toHaveCount(0);
});

test('signed in: tabs lead to the owner’s screens and the menu holds Logout', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/blog');
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs.getByRole('link')).toHaveText(['Notes', 'Blog', 'AI', 'Settings']);
  await tabs.getByRole('link', { name: 'Settings' }).tap();
  await expect(page).toHaveURL('/settings');
  await expect(tabs.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.locator('#mobile-menu').getByRole('button', { name: 'Logout (admin)' })).toBeVisible();
  await page.locator('#mobile-menu').getByRole('link', { name: 'My Notes' }).tap();
  await expect(page).toHaveURL('/notes');
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
});
