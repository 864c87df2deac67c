// One tab's live channel over time: connect, hand on every event, reconnect after a drop with backoff and
// jitter (resuming from the last event id, so nothing is missed), stop on a 401 until resumed, and stand down
// while the page has been hidden for long (HIDDEN_PAUSE_MS), catching up at once when it is shown again.
// Meanwhile the sync engine's periodic rounds go on as before: they are the fallback when no channel opens.
import { LIVE_FEEDS, type LiveEvent } from '@private-notes/shared';
import { liveRetryDelay } from './live-retry-delay.ts';
import type { LiveStreamAttempt, StreamEnd } from './read-live-stream.ts';

/** A page hidden this long drops its channel (a phone in a pocket holds no connection open for nothing). */
export const HIDDEN_PAUSE_MS = 5 * 60_000;

export type LiveState = 'connecting' | 'open' | 'waiting' | 'paused' | 'unauthorized' | 'stopped';

export interface LiveConnectionOptions {
  /** One attempt (read-live-stream.ts bound to its HTTP options). */
  read(attempt: LiveStreamAttempt): Promise<StreamEnd>;
  /** Every event; `hello` names what moved since the last id (every feed on the very first). */
  onEvent(event: LiveEvent, kind: 'hello' | 'feeds'): void;
  onState?(state: LiveState): void;
  random?: () => number;
  /** Where the last event id starts (another tab's, handed over). */
  lastEventId?: () => string | null;
}

export interface LiveConnection {
  /** Runs until stop() or a pause; resolves then. */
  run(): Promise<void>;
  /** Reconnect now (coming online, shown again, signed in again). */
  wake(): void;
  /** Drop the channel and stand down (hidden for long); run() resolves. */
  pause(): void;
  stop(): void;
  readonly state: LiveState;
  readonly lastEventId: string | null;
  noteEventId(id: string | null): void;
}

export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  let state: LiveState = 'waiting';
  let lastEventId: string | null = options.lastEventId?.() ?? null;
  let failures = 0;
  let attemptAbort: AbortController | null = null;
  let wakeUp: (() => void) | null = null;
  let standDown = false;

  /** Read through a call: the loop's awaits let stop() and pause() change it. */
  const current = (): LiveState => state;
  const setState = (next: LiveState) => {
    if (state === next) return;
    state = next;
    options.onState?.(next);
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function attempt(): Promise<StreamEnd | 'failed'> {
    const abort = new AbortController();
    attemptAbort = abort;
    let opened = false;
    // The very first hello cannot say what moved since the page read what it shows (its first sync, and the
    // server reads of the screen open before the channel was): every feed is pulled or read once more.
    const resumed = lastEventId !== null;
    setState('connecting');
    try {
      const end = await options.read({
        lastEventId,
        signal: abort.signal,
        onEvent(kind, event, id) {
          if (kind === 'hello') {
            opened = true;
            failures = 0;
            setState('open');
          }
          if (id !== null) lastEventId = id;
          options.onEvent(kind === 'hello' && !resumed ? { ...event, feeds: [...LIVE_FEEDS] } : event, kind);
        },
      });
      // A stream that ended before its hello is no channel (a proxy, a server going away): back off.
      return end === 'ended' && !opened ? 'failed' : end;
    } catch {
      return 'failed';
    } finally {
      attemptAbort = null;
    }
  }

  return {
    async run() {
      standDown = false;
      if (current() === 'stopped') return;
      while (!standDown && current() !== 'stopped' && current() !== 'unauthorized') {
        lastEventId = options.lastEventId?.() ?? lastEventId;
        const end = await attempt();
        if (standDown || current() === 'stopped') break;
        if (end === 'unauthorized') {
          setState('unauthorized');
          break;
        }
        if (end === 'failed' || end === 'ended') {
          // A server that closed a working channel (a restart) is tried again soon; failures back off.
          if (end === 'failed') failures++;
          setState('waiting');
          await sleep(
            end === 'ended' ? liveRetryDelay(1, options.random) : liveRetryDelay(failures, options.random),
          );
        }
      }
      if (current() !== 'stopped' && current() !== 'unauthorized') setState('paused');
    },
    wake() {
      failures = 0;
      if (state === 'unauthorized') setState('waiting');
      wakeUp?.();
    },
    pause() {
      standDown = true;
      attemptAbort?.abort();
      wakeUp?.();
    },
    stop() {
      setState('stopped');
      attemptAbort?.abort();
      wakeUp?.();
    },
    get state() {
      return state;
    },
    get lastEventId() {
      return lastEventId;
    },
    noteEventId(id) {
      if (id !== null && (lastEventId === null || Number(id) > Number(lastEventId))) lastEventId = id;
    },
  };
}
