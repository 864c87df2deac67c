// The thin bar at the top of a post showing how much of the page has been scrolled.
import styles from './Post.module.css';

export function ReadingProgressBar({ progress }: { progress: number }) {
  return (
    <div
      className={styles.progress}
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
