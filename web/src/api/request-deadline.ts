// Every request the browser makes to the server ends: a deadline that covers the whole exchange (headers and
// body, so a server that declares a length and then stalls is caught too) and an abort when the device goes
// offline. Without it a black-holed connection (a dead mobile link, a captive portal) never settles, and
// whatever waits on it (a sync round, a screen's query) waits forever. Used by the data client and the sync
// engine; the callers turn a `timeout` or `offline` end into a transient failure they retry.

/** A request that has not finished after this long is given up. */
export const REQUEST_TIMEOUT_MS = 15_000;
/**
 * Extra time for a request with a body: a second per this many bytes, so a 1 MB note on a slow uplink
 * (about 256 kbit/s) is not cut off while a small one still fails fast.
 */
export const UPLOAD_BYTES_PER_SECOND = 32 * 1024;
/** Model calls wait on the server's AI provider (30 s, and one retry on a malformed answer). */
export const AI_REQUEST_TIMEOUT_MS = 90_000;

export const REQUEST_TIMEOUT_ERROR = 'The server did not answer in time';

export type DeadlineEnd = 'timeout' | 'offline' | 'caller';

export interface DeadlineOptions {
  timeoutMs?: number;
  /** Bytes sent with the request: adds time at UPLOAD_BYTES_PER_SECOND (or `bytesPerSecond`). */
  bodyBytes?: number;
  bytesPerSecond?: number;
  /** The caller's own signal (a screen leaving, a sync engine stopping). */
  signal?: AbortSignal | null | undefined;
  /** Where `offline` events arrive; the window in a browser, none elsewhere. */
  offlineEvents?: EventTarget | null;
}

export interface Deadline {
  signal: AbortSignal;
  /** Why the request was aborted, or null while it has not been. */
  ended(): DeadlineEnd | null;
  /**
   * Starts the clock again for a body of `bytes` still to come (a file download once its headers arrived):
   * the base timeout plus the allowance for that many bytes, from now.
   */
  restart(bytes: number): void;
  /** Call once the answer has been read in full (or the request failed): stops the timer and listeners. */
  clear(): void;
}

/** How long a request may take: the base timeout plus the upload allowance for its body. */
export function requestTimeout(options: DeadlineOptions = {}): number {
  const base = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const bytes = options.bodyBytes ?? 0;
  return base + Math.ceil((bytes / (options.bytesPerSecond ?? UPLOAD_BYTES_PER_SECOND)) * 1000);
}

function defaultOfflineEvents(): EventTarget | null {
  return typeof window === 'undefined' ? null : window;
}

export function startDeadline(options: DeadlineOptions = {}): Deadline {
  const controller = new AbortController();
  let end: DeadlineEnd | null = null;
  const abort = (why: DeadlineEnd) => {
    if (end) return;
    end = why;
    controller.abort(why === 'caller' ? options.signal?.reason : new DOMException(why, 'AbortError'));
  };
  let timer = setTimeout(() => abort('timeout'), requestTimeout(options));
  const onCaller = () => abort('caller');
  const onOffline = () => abort('offline');
  const caller = options.signal ?? null;
  if (caller?.aborted) abort('caller');
  else caller?.addEventListener('abort', onCaller, { once: true });
  const events = options.offlineEvents === undefined ? defaultOfflineEvents() : options.offlineEvents;
  events?.addEventListener('offline', onOffline);
  return {
    signal: controller.signal,
    ended: () => end,
    restart(bytes) {
      if (end) return;
      clearTimeout(timer);
      timer = setTimeout(() => abort('timeout'), requestTimeout({ ...options, bodyBytes: bytes }));
    },
    clear() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCaller);
      events?.removeEventListener('offline', onOffline);
    },
  };
}

/** The size of a request body for the upload allowance: its length, near enough for a time margin. */
export function bodySize(body: string | undefined): number {
  return body?.length ?? 0;
}
