// axe-core on the page as it is now, for the accessibility checks of every screen: the serious and critical
// violations only, each named with the elements it found, once opening and closing animations are over (a
// half-faded dialog is not what anyone reads), and found again by a second reading.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe run on the page. On a page of one frame it runs `axe.run` in the page itself ("legacy mode"): the
 * default opens a blank page in the context for axe's last step and loads axe into it too, which cost 0.5–0.6 s
 * of CPU a reading against 0.23 s (measured on My Notes). That mode differs only in how it reaches frames
 * from another origin, so a page with frames (the Outbox's sandboxed mail preview) keeps the default, which
 * reads into every frame.
 */
export function axe(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page });
  return page.frames().length === 1 ? builder.setLegacyMode() : builder;
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const settled = () =>
    page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await settled();
  let results = await axe(page).analyze();
  // Something may have begun to animate while axe read the page (a toast sliding in) and be over by now: what
  // it measured was half-faded. A violation counts only when a second reading, once settled, finds it too.
  if (results.violations.length > 0) {
    const first = new Set(results.violations.map((v) => v.id));
    await settled();
    results = await axe(page).analyze();
    results.violations = results.violations.filter((v) => first.has(v.id));
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
