// The live channel for a whole browser: one tab holds it (Web Locks), and relays every event to the others
// (BroadcastChannel); each tab hands events to its own bus (live-feed-bus.ts). A tab hidden for long lets the
// channel go (another, visible tab takes it over) and asks for it again when shown, resuming from the last
// event id any tab heard, so what moved meanwhile is pulled at once.
import type { LiveEvent } from '@private-notes/shared';
import {
  createLiveConnection,
  HIDDEN_PAUSE_MS,
  type LiveConnection,
  type LiveState,
} from './live-connection.ts';
import type { LiveFeedBus } from './live-feed-bus.ts';
import { type LiveStreamOptions, readLiveStream } from './read-live-stream.ts';

const LOCK_NAME = 'private-notes-live';
const CHANNEL_NAME = 'private-notes-live';

export interface LiveSyncOptions extends LiveStreamOptions {
  /** navigator.locks where present; null: this tab holds its own channel. */
  locks?: LockManager | null;
  /** Relay between tabs; null: none. */
  relay?: BroadcastChannel | null;
  /** Where `online` arrives (window). */
  network?: EventTarget | null;
  /** The page's visibility (document). */
  page?: (EventTarget & { visibilityState: DocumentVisibilityState }) | null;
  hiddenPauseMs?: number;
  random?: () => number;
  onState?(state: LiveState): void;
}

export interface LiveSync {
  readonly state: LiveState;
  /** After signing in again: open the channel again. */
  resume(): void;
  stop(): void;
}

interface Relayed {
  id: string;
  event: LiveEvent;
}

export function startLiveSync(bus: LiveFeedBus, options: LiveSyncOptions = {}): LiveSync {
  const relay = options.relay ?? null;
  const locks = options.locks ?? null;
  const page = options.page ?? null;
  const stopped = new AbortController();
  let holding = false;
  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  let hiddenLong = false;

  const connection: LiveConnection = createLiveConnection({
    read: (attempt) => readLiveStream(options, attempt),
    random: options.random,
    onState: options.onState,
    onEvent(event) {
      bus.emit(event.feeds, event.own);
      relay?.postMessage({ id: String(event.seq), event } satisfies Relayed);
    },
  });

  const onRelayed = (message: MessageEvent<Relayed>) => {
    connection.noteEventId(message.data.id);
    // The tabs share one database: a commit this browser's push made is every tab's own.
    bus.emit(message.data.event.feeds, message.data.event.own);
  };
  relay?.addEventListener('message', onRelayed);

  async function hold(): Promise<void> {
    holding = true;
    try {
      if (!hiddenLong && !stopped.signal.aborted) await connection.run();
    } finally {
      holding = false;
    }
  }

  function lead(): void {
    if (holding || stopped.signal.aborted) return;
    if (!locks) {
      void hold();
      return;
    }
    holding = true;
    locks.request(LOCK_NAME, { signal: stopped.signal }, hold).catch(() => {
      holding = false;
    });
  }

  const onOnline = () => connection.wake();
  const onVisibility = () => {
    if (!page) return;
    if (page.visibilityState === 'hidden') {
      hiddenTimer ??= setTimeout(() => {
        hiddenLong = true;
        connection.pause();
      }, options.hiddenPauseMs ?? HIDDEN_PAUSE_MS);
      return;
    }
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    hiddenLong = false;
    connection.wake();
    lead();
  };
  options.network?.addEventListener('online', onOnline);
  page?.addEventListener('visibilitychange', onVisibility);
  lead();

  return {
    get state() {
      return connection.state;
    },
    resume() {
      connection.wake();
      lead();
    },
    stop() {
      stopped.abort();
      connection.stop();
      if (hiddenTimer) clearTimeout(hiddenTimer);
      relay?.removeEventListener('message', onRelayed);
      relay?.close();
      options.network?.removeEventListener('online', onOnline);
      page?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** The browser's: navigator.locks, a BroadcastChannel, window and document. */
export function startBrowserLiveSync(bus: LiveFeedBus, onState?: (state: LiveState) => void): LiveSync {
  return startLiveSync(bus, {
    locks: typeof navigator !== 'undefined' ? (navigator.locks ?? null) : null,
    relay: typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL_NAME) : null,
    network: typeof window !== 'undefined' ? window : null,
    page: typeof document !== 'undefined' ? document : null,
    onState,
  });
}
