// The post sidebar's table of contents (levels 1–2) with reading progress and minutes left (SPEC 2, 9).
// The active heading is the last one scrolled past; a click scrolls to it leaving a 100 px offset.
import { minutesLabel, minutesLeft, type TocEntry } from '@private-notes/shared';
import { type MouseEvent, useEffect, useState } from 'react';
import styles from './Post.module.css';
import { useReadingProgress } from './use-reading-progress.ts';

export const TOC_SCROLL_OFFSET = 100;

/** The sticky bars' height: headings must land below them. */
function stickyOffset(): number {
  let bottom = 0;
  for (const el of document.querySelectorAll<HTMLElement>('[data-sticky-bar]')) {
    bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
  }
  return Math.max(TOC_SCROLL_OFFSET, bottom + 16);
}

export function TableOfContents({ entries, readTime }: { entries: readonly TocEntry[]; readTime: number }) {
  const progress = useReadingProgress();
  const [active, setActive] = useState<string | null>(null);

  useEffect(() => {
    if (entries.length === 0) return;
    let timer = 0;
    const update = () => {
      timer = 0;
      // A heading counts as reached once it is in the band just below the sticky bars (scroll positions
      // round, and the layout may shift while a smooth scroll runs).
      const offset = stickyOffset() + TOC_SCROLL_OFFSET;
      let current: string | null = null;
      for (const entry of entries) {
        const el = document.getElementById(entry.id);
        if (el && el.getBoundingClientRect().top <= offset) current = entry.id;
      }
      setActive(current ?? entries[0]?.id ?? null);
    };
    // The SPEC's 100 ms delay before the highlight moves: also keeps scrolling cheap.
    const onScroll = () => {
      if (!timer) timer = window.setTimeout(update, 100);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [entries]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    const top = target.getBoundingClientRect().top + window.scrollY - stickyOffset();
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
    history.replaceState(history.state, '', `#${id}`);
    setActive(id);
  };

  const left = minutesLeft(readTime, progress);
  return (
    <nav className={styles.box} aria-labelledby="toc-title">
      <h2 id="toc-title" className={styles.boxTitle}>
        Table of Contents
      </h2>
      {entries.length > 0 ? (
        <ul className={styles.tocList}>
          {entries.map((entry) => (
            <li key={entry.id} className={entry.level === 2 ? styles.tocSub : undefined}>
              <a
                href={`#${entry.id}`}
                aria-current={active === entry.id ? 'true' : undefined}
                onClick={(e) => go(e, entry.id)}
              >
                {entry.text}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>This post has no sections.</p>
      )}
      <div className={styles.tocProgress} data-testid="reading-progress">
        <div className={styles.meter} aria-hidden="true">
          <div className={styles.meterFill} style={{ width: `${progress}%` }} />
        </div>
        <span>{progress}% read</span>
        {' · '}
        <span>
          {left} {minutesLabel(left)} left
        </span>
      </div>
    </nav>
  );
}
