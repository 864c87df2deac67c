// Work held until the first screen is painted: it waits for the screen's word and the frame after it, runs
// once, can be cancelled, and never waits forever. Timers and frames are the test's own.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  FIRST_SCREEN_WAIT_MS,
  firstScreenShown,
  holdIdleWork,
  idleAfterFirstScreen,
  resetFirstScreenForTests,
} from './after-first-screen.ts';

let frames: Array<() => void> = [];
let visibility: 'visible' | 'hidden' = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  visibility = 'visible';
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
  vi.stubGlobal('document', {
    get visibilityState() {
      return visibility;
    },
  });
  resetFirstScreenForTests();
});

afterEach(() => {
  resetFirstScreenForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The browser paints: the animation frame's callbacks run, then the tasks queued after them. */
async function paint(): Promise<void> {
  const due = frames;
  frames = [];
  for (const run of due) run();
  await vi.advanceTimersByTimeAsync(0);
}

describe('afterFirstScreen', () => {
  it('holds work until the first screen is shown and painted, then runs each piece once', async () => {
    const run = vi.fn();
    afterFirstScreen(run);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(run).not.toHaveBeenCalled();

    firstScreenShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).not.toHaveBeenCalled(); // said, but not yet painted

    await paint();
    expect(run).toHaveBeenCalledTimes(1);
    firstScreenShown();
    await paint();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs later work at once (asynchronously) once the first screen has been painted', async () => {
    firstScreenShown();
    await paint();
    const run = vi.fn();
    afterFirstScreen(run);
    expect(run).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('drops cancelled work', async () => {
    const kept = vi.fn();
    const dropped = vi.fn();
    afterFirstScreen(kept);
    const cancel = afterFirstScreen(dropped);
    cancel();
    firstScreenShown();
    await paint();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });

  it('releases the work after FIRST_SCREEN_WAIT_MS when no screen says it is shown', async () => {
    const run = vi.fn();
    afterFirstScreen(run);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a frame in a hidden page (it gets none)', async () => {
    visibility = 'hidden';
    const run = vi.fn();
    afterFirstScreen(run);
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(0);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('idleAfterFirstScreen', () => {
  it('waits for the first screen, then for an idle moment', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const run = vi.fn();
    idleAfterFirstScreen(run);
    firstScreenShown();
    await paint();
    expect(run).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits while held (a first sync), whether the hold began before the first screen or before the idle moment', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const early = vi.fn();
    const late = vi.fn();
    const release = holdIdleWork();
    idleAfterFirstScreen(early);
    firstScreenShown();
    await paint();
    expect(idle).toHaveLength(0);
    // Released: `early` waits for an idle moment again. A new hold comes before it.
    release();
    release(); // twice is harmless
    expect(idle).toHaveLength(1);
    const second = holdIdleWork();
    idleAfterFirstScreen(late);
    await vi.advanceTimersByTimeAsync(0);
    idle.shift()?.();
    expect(early).not.toHaveBeenCalled();
    expect(idle).toHaveLength(0);
    second();
    expect(idle).toHaveLength(2);
    for (const run of idle.splice(0)) run();
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled while held', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const run = vi.fn();
    const release = holdIdleWork();
    const cancel = idleAfterFirstScreen(run);
    firstScreenShown();
    await paint();
    cancel();
    release();
    expect(idle).toHaveLength(0);
    expect(run).not.toHaveBeenCalled();
  });
});
