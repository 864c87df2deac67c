// A live read of something expensive to read (every note: 10,000 take a few hundred ms) that follows the database
// without reading it again after every single write. Dexie's liveQuery re-runs its query at each committed write;
// an import commits a batch of 500 notes at a time, in this tab or another, and the notes screen then read all
// notes twenty times over while each read held back the next batch. Here a cheap query watches the tables, and
// the expensive read runs at once after a change that follows a quiet moment, while the writes of a burst share
// one read per pause, the pause growing with the read's own duration so reading takes a bounded share of time.
import { liveQuery } from 'dexie';

/** The shortest pause between two reads during a burst of writes. */
export const MIN_PAUSE_MS = 100;
/** A burst's pause is this many times the last read's duration: reads take at most about a fifth of the time. */
export const PAUSE_FACTOR = 4;

export interface CoalescedLiveReadOptions<T> {
  /** A cheap query over the same tables: each write that may change what `read` returns runs it again. */
  watch: () => Promise<unknown>;
  read: () => Promise<T>;
  onResult: (value: T) => void;
  onError: (error: unknown) => void;
  /** Defaults to setTimeout; returns a cancel function. Tests pass their own to hold a read back. */
  later?: (run: () => void, ms: number) => () => void;
  /** Defaults to performance.now. */
  now?: () => number;
}

const setTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** Starts watching (the first read follows the watch's first answer); returns the function that stops it. */
export function coalescedLiveRead<T>(options: CoalescedLiveReadOptions<T>): () => void {
  const later = options.later ?? setTimer;
  const now = options.now ?? (() => performance.now());
  let stopped = false;
  let reading = false;
  /** A write arrived while reading: that read may have missed it. */
  let stale = false;
  let cancelTimer: (() => void) | null = null;
  let lastEnd = Number.NEGATIVE_INFINITY;
  let lastDuration = 0;

  function startRead(): void {
    cancelTimer = null;
    reading = true;
    stale = false;
    const started = now();
    options
      .read()
      .then(
        (value) => {
          if (!stopped) options.onResult(value);
        },
        (error: unknown) => {
          if (!stopped) options.onError(error);
        },
      )
      .finally(() => {
        reading = false;
        lastEnd = now();
        lastDuration = lastEnd - started;
        if (stale && !stopped) onChange();
      });
  }

  function onChange(): void {
    if (stopped) return;
    if (reading) {
      stale = true;
      return;
    }
    if (cancelTimer) return; // a read is already due: it will see this write too
    const pause = Math.max(MIN_PAUSE_MS, PAUSE_FACTOR * lastDuration);
    const wait = lastEnd + pause - now();
    if (wait <= 0) startRead();
    else cancelTimer = later(startRead, wait);
  }

  const subscription = liveQuery(options.watch).subscribe({
    next: onChange,
    error: (error: unknown) => {
      if (!stopped) options.onError(error);
    },
  });
  return () => {
    stopped = true;
    subscription.unsubscribe();
    cancelTimer?.();
    cancelTimer = null;
  };
}
