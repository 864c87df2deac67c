// Accessibility of the owner's e-mail screens with axe-core, in light and dark: the Outbox with a captured
// message previewed (banner, transport panel, list, tabs, headers), the newsletter dialog's preview and
// confirmation, and Settings › Notifications with the transport panel. No serious or critical violations.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { subscribeConfirmed } from './mail-helpers.ts';

// Several whole-page axe runs per test, each seconds of the browser's CPU when the machine is busy: long
// work, so a minute rather than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function seriousViolations(page: Page) {
  // Checked once opening and closing animations are over: a half-faded dialog is not what anyone reads.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // The mail's own HTML (inside the sandboxed preview frame) is the sender's design, not the app's.
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

let restore: Record<string, unknown> | null = null;
test.afterEach(async ({ page }) => {
  if (restore) await page.request.put('/api/user/settings', { data: restore });
  restore = null;
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('/admin/outbox with a message previewed, and Settings › Notifications', async ({ page, signIn }) => {
      await signIn();
      const settings = await (await page.request.get('/api/user/settings')).json();
      await page.request.put('/api/user/settings', {
        // Alerts off: a comment alert sent now would hold back mail-notifications' alert for 10 minutes.
        data: { ...settings, ownerEmail: 'axe-mail@example.com', emailNotifications: false },
      });
      // The settings as they were afterwards (no address, so putting alerts back on sends nothing).
      restore = settings;
      expect((await page.request.post('/api/admin/mail/test')).ok()).toBe(true);
      await page.goto('/admin/outbox');
      await expect(page.getByTestId('outbox-preview').locator('iframe')).toBeVisible();
      await expect(page.getByTestId('mail-banner')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('outbox-preview').getByRole('tab', { name: 'Plain text' }).click();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Notifications' }).click();
      await expect(page.getByTestId('mail-transport-description')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the newsletter dialog: preview and confirmation', async ({ page, signIn }) => {
      await signIn();
      await subscribeConfirmed(page.request, page.request, { email: `axe-issue-${scheme}@example.com` });
      const title = `Axe issue ${scheme}`;
      const created = await page.request.post('/api/admin/blog', {
        data: { title, excerpt: '', content: 'Checked by axe.', tags: [], published: true },
      });
      expect(created.status()).toBe(201);
      await page.goto('/blog/admin');
      const card = page
        .getByTestId('admin-post-card')
        .filter({ has: page.getByRole('heading', { name: title }) });
      await card.getByRole('button', { name: 'Send as newsletter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send as newsletter' });
      await expect(dialog.locator('iframe')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: /^Send to / }).click();
      await expect(dialog.getByTestId('newsletter-confirm')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
