// The thin bar at the top of a post showing how much of the page has been scrolled. It reads the scroll
// position itself, so scrolling re-renders the bar, not the post.
import styles from './Post.module.css';
import { useReadingProgress } from './use-reading-progress.ts';

export function ReadingProgressBar() {
  const progress = useReadingProgress();
  return (
    <div
      className={styles.progress}
      data-reading-progress
      role="progressbar"
      aria-label="Reading progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
    >
      <div className={styles.progressFill} style={{ transform: `scaleX(${progress / 100})` }} />
    </div>
  );
}
