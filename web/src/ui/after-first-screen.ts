// Work a screen's first paint does not need (loading the editor's and study mode's chunks, starting the sync
// engine and the service worker, reading every note, pruning old drafts) waits until that paint is on screen.
// On a warm reload with 10,000 notes stored, these started beside the first screenful's read and held the
// first cards back by a few hundred milliseconds (their chunks' parsing and their IndexedDB transactions queue
// ahead of it). The notes screen says when its first screenful is shown; a screen that never says so (an
// error, another route) releases the waiting work after FIRST_SCREEN_WAIT_MS anyway, so nothing waits forever.

/** The longest anything waits for the first screen. */
export const FIRST_SCREEN_WAIT_MS = 3_000;

let released = false;
let fallback: ReturnType<typeof setTimeout> | null = null;
const waiting = new Set<() => void>();

function release(): void {
  if (released) return;
  released = true;
  if (fallback !== null) clearTimeout(fallback);
  fallback = null;
  const runs = [...waiting];
  waiting.clear();
  for (const run of runs) run();
}

/**
 * Runs `run` once the first screen has been painted (at once if it already has); returns a function that
 * cancels it if it has not run yet.
 */
export function afterFirstScreen(run: () => void): () => void {
  if (released) {
    // Still asynchronous, as before the release: callers never see it run inside their own call.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) run();
    });
    return () => {
      cancelled = true;
    };
  }
  waiting.add(run);
  fallback ??= setTimeout(release, FIRST_SCREEN_WAIT_MS);
  return () => {
    waiting.delete(run);
  };
}

/** Holds on idle work (see holdIdleWork), and the idle work waiting for them to end. */
let holds = 0;
const heldBack = new Set<() => void>();

/**
 * Holds back the work idleAfterFirstScreen runs (preloading chunks, the service worker) until the returned
 * function is called: a new device's first sync holds it, since that work took the CPU the sync needed
 * (docs/decisions/first-sync-holds-background-work.md). Calling the returned function twice is harmless.
 */
export function holdIdleWork(): () => void {
  holds++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    holds--;
    if (holds > 0) return;
    const runs = [...heldBack];
    heldBack.clear();
    for (const run of runs) run();
  };
}

/** True once the first screen has been painted (or waited for long enough): work no longer waits for it. */
export function firstScreenReleased(): boolean {
  return released;
}

/**
 * As afterFirstScreen, then when the browser is idle (for work nothing waits on: preloading chunks), and
 * while no holdIdleWork holds it back.
 */
export function idleAfterFirstScreen(run: () => void): () => void {
  let cancelIdle = () => {};
  // Held when the first screen shows or when the browser turns idle: it waits for the holds to end, then for
  // an idle moment again.
  const whenIdle = (): void => {
    if (holds > 0) {
      heldBack.add(whenIdle);
      cancelIdle = () => heldBack.delete(whenIdle);
      return;
    }
    const attempt = () => (holds > 0 ? whenIdle() : run());
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(attempt, 0);
      cancelIdle = () => clearTimeout(timer);
    } else {
      const id = requestIdleCallback(attempt, { timeout: 1_000 });
      cancelIdle = () => cancelIdleCallback(id);
    }
  };
  const cancel = afterFirstScreen(whenIdle);
  return () => {
    cancel();
    cancelIdle();
  };
}

/**
 * The first screen's content has been committed: the waiting work runs once the browser has painted it (the
 * frame after the next animation frame), not in the same task as the paint.
 */
export function firstScreenShown(): void {
  if (released) return;
  // A hidden page paints nothing and gets no animation frames: nothing to wait for.
  if (typeof requestAnimationFrame === 'undefined' || document.visibilityState === 'hidden') {
    setTimeout(release, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(release, 0));
}

/** Tests only: back to before the first screen. */
export function resetFirstScreenForTests(): void {
  released = false;
  if (fallback !== null) clearTimeout(fallback);
  fallback = null;
  waiting.clear();
  holds = 0;
  heldBack.clear();
}
