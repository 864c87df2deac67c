// Accessibility with axe-core: no serious or critical violations on the sign-in screen, settings and
// the not-found screen, in light and dark.

import { axe } from './axe.ts';
import { expect, test } from './fixtures.ts';

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('/auth', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Access Private Notes' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/settings', async ({ page, signIn }) => {
      await signIn();
      await page.goto('/settings');
      await expect(page.getByLabel('Display name')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Appearance' }).click();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('not-found', async ({ page }) => {
      await page.goto('/missing-page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
