// The post sidebar's table of contents (levels 1–2) with reading progress and minutes left (SPEC 2, 9).
// The active heading is the last one scrolled past; a click scrolls to it leaving a 100 px offset.
import { minutesLabel, minutesLeft, type TocEntry } from '@private-notes/shared';
import { type MouseEvent, useEffect, useState } from 'react';
import styles from './Post.module.css';
import { activeTocEntry, scrollToHeading } from './toc-scroll.ts';
import { useReadingProgress } from './use-reading-progress.ts';

export function TableOfContents({ entries, readTime }: { entries: readonly TocEntry[]; readTime: number }) {
  const progress = useReadingProgress();
  const [active, setActive] = useState<string | null>(null);

  useEffect(() => {
    if (entries.length === 0) return;
    let timer = 0;
    const update = () => {
      timer = 0;
      setActive(activeTocEntry(entries.map((e) => e.id)));
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
    if (!scrollToHeading(id)) return;
    event.preventDefault();
    setActive(id);
  };

  const left = minutesLeft(readTime, progress);
  return (
    <nav className={styles.box} aria-labelledby="toc-title" data-toc data-read-time={readTime}>
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
          <div className={styles.meterFill} data-toc-meter style={{ width: `${progress}%` }} />
        </div>
        <span data-toc-percent>{progress}% read</span>
        {' · '}
        <span data-toc-left>
          {left} {minutesLabel(left)} left
        </span>
      </div>
    </nav>
  );
}
