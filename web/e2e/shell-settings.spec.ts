// Settings: every field saves and comes back after a reload, font size and compact mode apply at once,
// AI features off hides the AI links, the password change checks before calling, and the save toasts.
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { E2E_OWNER, expect, test } from './fixtures.ts';

test.beforeEach(async ({ signIn }) => {
  await signIn();
});

test.afterEach(async ({ page }) => {
  // The server is shared by the whole run: put the settings back for the other tests.
  await page.request.put('/api/user/settings', { data: DEFAULT_SETTINGS });
});

test('saving persists every section, and a reload shows the saved values', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
  await page.getByLabel('Display name').fill('Ada Lovelace');
  await page.getByLabel('Bio').fill('Writes notes about engines.');

  await page.getByRole('tab', { name: 'Appearance' }).click();
  await page.getByLabel('Default note view').selectOption('list');
  await page.getByLabel('Font size').selectOption('large');
  await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');
  const rootFontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  expect(await rootFontSize()).toBe('18px');
  await page.getByText('Compact mode').click();
  await expect(page.locator('html')).toHaveClass(/\bcompact\b/);
  expect(await rootFontSize()).toBe('15.75px');
  const interval = page.getByLabel('Auto-save interval (seconds)');
  await interval.fill('5');
  await expect(page.getByText(/must be 0 \(off\) or between 10 and 300/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  await interval.fill('0');
  await expect(page.getByText('Auto-save disabled')).toBeVisible();
  await page.getByText('AI features').click();

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByText('Weekly digest').click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Settings updated' });
  await expect(toast).toContainText('Your preferences have been saved successfully.');
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');

  // AI features off hides the AI Assistant link at once.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Assistant' }),
  ).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Bio')).toHaveValue('Writes notes about engines.');
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await expect(page.getByLabel('Default note view')).toHaveValue('list');
  await expect(page.getByLabel('Font size')).toHaveValue('large');
  await expect(page.getByLabel('Auto-save interval (seconds)')).toHaveValue('0');
  await expect(page.getByRole('checkbox', { name: /Compact mode/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /AI features/ })).not.toBeChecked();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('checkbox', { name: /Weekly digest/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Email notifications/ })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');

  const saved = await (await page.request.get('/api/user/settings')).json();
  expect(saved).toMatchObject({
    displayName: 'Ada Lovelace',
    defaultNoteView: 'list',
    fontSize: 'large',
    compactMode: true,
    autoSaveInterval: 0,
    aiFeatures: false,
    weeklyDigest: false,
  });
});

test('a failed save shows the error toast', async ({ page }) => {
  await page.goto('/settings');
  await page.route('**/api/user/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Disk full"}' })
      : route.continue(),
  );
  await page.getByLabel('Display name').fill('Someone');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Error saving settings' });
  await expect(toast).toContainText('An error occurred while saving your settings. Please try again.');
});

test('the password change is checked before any call; a wrong current password is refused', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/user/password')) calls.push(r.method());
  });
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password').fill('whatever');
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill('a-longer-password');
  await page.getByLabel('Confirm password').fill('a-different-one');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  expect(calls).toEqual([]);

  await page.getByLabel('Confirm password').fill('a-longer-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await expect(form.getByRole('alert')).toContainText('Current password is incorrect');
  // Said once: no toast repeats the inline error.
  await expect(page.getByText('Current password is incorrect')).toHaveCount(1);
  await expect(page.getByText('Error changing password')).toHaveCount(0);
  expect(calls).toEqual(['PUT']);
});

test('a correct password change succeeds, and the new password signs in', async ({ page }) => {
  const next = 'a-temporary-password-2';
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password').fill(E2E_OWNER.password);
  await page.getByLabel('New password').fill(next);
  await page.getByLabel('Confirm password').fill(next);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your passkeys still sign in' })).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveValue('');
  try {
    const login = await page.request.post('/api/login', { data: { username: 'admin', password: next } });
    expect(login.ok()).toBe(true);
  } finally {
    // Other tests sign in with the original password.
    const back = await page.request.put('/api/user/password', {
      data: { currentPassword: next, newPassword: E2E_OWNER.password, confirmPassword: E2E_OWNER.password },
    });
    expect(back.ok()).toBe(true);
  }
});
