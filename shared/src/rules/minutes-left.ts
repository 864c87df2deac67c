// Minutes left to read a post from its read time and the reading progress (SPEC section 9).

/** The read time assumed when a post has none. */
export const DEFAULT_PROGRESS_READ_TIME = 5;

/** ceil(readTime × (1 − progress/100)); progress is clamped to 0–100, a missing read time counts as 5. */
export function minutesLeft(readTime: number | null | undefined, progressPercent: number): number {
  const minutes = readTime && readTime > 0 ? readTime : DEFAULT_PROGRESS_READ_TIME;
  const progress = Number.isFinite(progressPercent) ? Math.min(100, Math.max(0, progressPercent)) : 0;
  return Math.ceil(minutes * (1 - progress / 100));
}

/** 'min' for exactly one minute, 'mins' otherwise (0 mins, 2 mins). */
export function minutesLabel(minutes: number): 'min' | 'mins' {
  return minutes === 1 ? 'min' : 'mins';
}

/** Scroll position as a reading percentage 0–100, for the progress bar and minutes left. */
export function scrollProgress(scrollTop: number, scrollHeight: number, clientHeight: number): number {
  const scrollable = scrollHeight - clientHeight;
  if (!(scrollable > 0)) return 0;
  return Math.min(100, Math.max(0, (scrollTop / scrollable) * 100));
}
