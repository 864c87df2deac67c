// The post page's reading progress without React: the bar at the top and the table of contents' meter,
// percentage and minutes left, updated once per animation frame (as use-reading-progress.ts does for the
// owner's app), and the contents' highlight of the last heading scrolled past (TableOfContents.tsx).
import { minutesLabel, minutesLeft, scrollProgress } from '@private-notes/shared';
import { activeTocEntry, scrollToHeading } from '../../features/blog/toc-scroll.ts';

export function startReadingProgress(): void {
  const bar = document.querySelector<HTMLElement>('[data-reading-progress]');
  const toc = document.querySelector<HTMLElement>('[data-toc]');
  if (!bar && !toc) return;
  const readTime = Number(toc?.dataset.readTime ?? 0);
  let frame = 0;
  const measure = () => {
    frame = 0;
    const root = document.documentElement;
    const progress = Math.round(scrollProgress(window.scrollY, root.scrollHeight, root.clientHeight));
    if (bar) {
      bar.setAttribute('aria-valuenow', String(progress));
      const fill = bar.firstElementChild as HTMLElement | null;
      if (fill) fill.style.transform = `scaleX(${progress / 100})`;
    }
    if (toc) {
      const meter = toc.querySelector<HTMLElement>('[data-toc-meter]');
      if (meter) meter.style.width = `${progress}%`;
      const percent = toc.querySelector('[data-toc-percent]');
      if (percent) percent.textContent = `${progress}% read`;
      const left = minutesLeft(readTime, progress);
      const leftText = toc.querySelector('[data-toc-left]');
      if (leftText) leftText.textContent = `${left} ${minutesLabel(left)} left`;
    }
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(measure);
  };
  measure();
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll);
  if (toc) startTocHighlight(toc);
}

function startTocHighlight(toc: HTMLElement): void {
  const links = [...toc.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  if (links.length === 0) return;
  const ids = links.map((a) => decodeURIComponent(a.hash.slice(1)));
  const show = (id: string | null) => {
    for (const [i, link] of links.entries()) {
      if (ids[i] === id) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  };
  let timer = 0;
  const update = () => {
    timer = 0;
    show(activeTocEntry(ids));
  };
  // The SPEC's 100 ms delay before the highlight moves.
  const onScroll = () => {
    if (!timer) timer = window.setTimeout(update, 100);
  };
  update();
  window.addEventListener('scroll', onScroll, { passive: true });
  for (const [i, link] of links.entries()) {
    link.addEventListener('click', (event) => {
      const id = ids[i]!;
      if (scrollToHeading(id)) {
        event.preventDefault();
        show(id);
      }
    });
  }
}
