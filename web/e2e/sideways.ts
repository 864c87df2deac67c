// Measures whether a page scrolls sideways (document.documentElement.scrollWidth > window.innerWidth) and, if
// it does, names the deepest elements that stick out, so a failure says what to fix.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { waitForQuietNetwork } from './network-quiet.ts';

export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  // Not 'networkidle': the owner's live channel stays open (network-quiet.ts).
  await waitForQuietNetwork(page).catch(() => undefined);
  // The window's configured width, not innerWidth: a mobile browser zooms out on a page wider than the
  // screen, and innerWidth then grows to the page's width.
  const width = page.viewportSize()?.width ?? 0;
  const measure = await page.evaluate((viewport) => {
    const scrollWidth = document.documentElement.scrollWidth;
    const offenders: string[] = [];
    if (scrollWidth > viewport) {
      const describe = (el: Element) => {
        const id = el.id ? `#${el.id}` : '';
        const cls =
          typeof el.className === 'string' && el.className.trim()
            ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}`
            : '';
        const testId = el.getAttribute('data-testid');
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${el.tagName.toLowerCase()}${id}${cls}${testId ? `[data-testid=${testId}]` : ''} "${text}"`;
      };
      const wide = [...document.body.querySelectorAll('*')]
        .map((el) => ({ el, right: el.getBoundingClientRect().right + window.scrollX }))
        .filter(({ right }) => right > viewport + 0.5)
        // The deepest overflowing elements name the cause; their ancestors only carry it.
        .filter(({ el }, _i, all) => !all.some((other) => other.el !== el && el.contains(other.el)));
      wide.sort((a, b) => b.right - a.right);
      for (const { el, right } of wide.slice(0, 5))
        offenders.push(`${describe(el)} reaches ${Math.round(right)}px`);
    }
    return { viewport, scrollWidth, offenders };
  }, width);
  // Soft: one run lists every screen that overflows.
  expect
    .soft(
      measure.scrollWidth,
      `${where}: the page is ${measure.scrollWidth}px wide in a ${measure.viewport}px window; widest: ${measure.offenders.join('; ')}`,
    )
    .toBeLessThanOrEqual(measure.viewport);
}
