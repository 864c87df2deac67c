// axe-core on the page as it is now, for the accessibility checks of every screen: the serious and critical
// violations only, each named with the elements it found, once opening and closing animations are over (a
// half-faded dialog is not what anyone reads).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function seriousViolations(page: Page): Promise<string[]> {
  const settled = () =>
    page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await settled();
  let results = await new AxeBuilder({ page }).analyze();
  // Something began to animate while axe read the page (a toast sliding in): what it measured was half-faded,
  // so it reads the page again once that is over.
  if (results.violations.length > 0 && (await page.evaluate(() => document.getAnimations().length > 0))) {
    await settled();
    results = await new AxeBuilder({ page }).analyze();
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
