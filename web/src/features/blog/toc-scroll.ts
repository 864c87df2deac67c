// The table of contents' rules over the page (TableOfContents.tsx in the owner's app, the public pages'
// islands/dom/reading-progress.ts): which heading is reached, and scrolling to one below the sticky bars.

export const TOC_SCROLL_OFFSET = 100;

/** The sticky bars' height: headings must land below them. */
export function stickyOffset(): number {
  let bottom = 0;
  for (const el of document.querySelectorAll<HTMLElement>('[data-sticky-bar]')) {
    bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
  }
  return Math.max(TOC_SCROLL_OFFSET, bottom + 16);
}

/**
 * The last heading scrolled past, or the first. A heading counts as reached once it is in the band just
 * below the sticky bars (scroll positions round, and the layout may shift while a smooth scroll runs).
 */
export function activeTocEntry(ids: readonly string[]): string | null {
  const offset = stickyOffset() + TOC_SCROLL_OFFSET;
  let current: string | null = null;
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el && el.getBoundingClientRect().top <= offset) current = id;
  }
  return current ?? ids[0] ?? null;
}

/** Scrolls to the heading (smoothly unless the reader asks for less motion); false if it is not there. */
export function scrollToHeading(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - stickyOffset();
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
  history.replaceState(history.state, '', `#${id}`);
  return true;
}
