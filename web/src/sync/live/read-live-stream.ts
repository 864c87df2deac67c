// One attempt at the live channel: opens GET /api/live with fetch (so a 401 is seen, Last-Event-ID is ours to
// set) and reads it until it ends. A channel that is not an event stream (a captive portal's page), that
// sends no hello in time (a proxy that buffers) or that falls silent past its heartbeats is given up.
import { LIVE_HEARTBEAT_MS, LIVE_PATH, type LiveEvent, LiveEventSchema } from '@private-notes/shared';
import type { HttpOptions } from '../sync-http.ts';
import { createSseParser } from './parse-sse.ts';

/** Why an attempt ended: the server closed it, the session is gone, or the channel could not be used. */
export type StreamEnd = 'ended' | 'unauthorized' | 'aborted';

export class LiveUnavailableError extends Error {}

export interface LiveStreamOptions extends Pick<HttpOptions, 'baseUrl' | 'fetch' | 'headers'> {
  /** How long the hello may take once the answer started (a buffering proxy holds it back). */
  helloTimeoutMs?: number;
  /** Nothing at all for this long (not even a heartbeat): the connection is dead. */
  silenceMs?: number;
}

export interface LiveStreamAttempt {
  lastEventId: string | null;
  signal: AbortSignal;
  /** The hello (its feeds: what moved since lastEventId) and every feeds event, with the SSE id. */
  onEvent(kind: 'hello' | 'feeds', event: LiveEvent, id: string | null): void;
}

export async function readLiveStream(
  options: LiveStreamOptions,
  attempt: LiveStreamAttempt,
): Promise<StreamEnd> {
  const helloTimeoutMs = options.helloTimeoutMs ?? 10_000;
  const silenceMs = options.silenceMs ?? LIVE_HEARTBEAT_MS * 2 + 15_000;
  const controller = new AbortController();
  const abort = () => controller.abort();
  attempt.signal.addEventListener('abort', abort);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timedOut: string | null = null;
  const arm = (ms: number, why: string) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = why;
      controller.abort();
    }, ms);
  };
  try {
    arm(helloTimeoutMs, 'no answer from the live channel');
    let response: Response;
    try {
      response = await (options.fetch ?? globalThis.fetch)(`${options.baseUrl ?? ''}${LIVE_PATH}`, {
        credentials: 'include',
        cache: 'no-store',
        headers: {
          accept: 'text/event-stream',
          ...(attempt.lastEventId === null ? {} : { 'last-event-id': attempt.lastEventId }),
          ...(options.headers?.() ?? {}),
        },
        signal: controller.signal,
      });
    } catch {
      if (attempt.signal.aborted) return 'aborted';
      throw new LiveUnavailableError(timedOut ?? 'the live channel could not be reached');
    }
    if (response.status === 401) {
      await response.body?.cancel().catch(() => {});
      return 'unauthorized';
    }
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/event-stream') || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new LiveUnavailableError(`the live channel answered ${response.status} ${type}`);
    }
    let helloSeen = false;
    const feed = createSseParser({
      onMessage(message) {
        if (message.event !== 'hello' && message.event !== 'feeds') return;
        if (message.event === 'hello') helloSeen = true;
        let parsed: LiveEvent;
        try {
          parsed = LiveEventSchema.parse(JSON.parse(message.data));
        } catch {
          return; // a feed this version does not know: the periodic sync still covers it
        }
        attempt.onEvent(message.event, parsed, message.id);
      },
    });
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        feed(decoder.decode(value, { stream: true }));
        arm(helloSeen ? silenceMs : helloTimeoutMs, helloSeen ? 'the live channel fell silent' : 'no hello');
      }
    } catch {
      if (attempt.signal.aborted) return 'aborted';
      throw new LiveUnavailableError(timedOut ?? 'the live channel dropped');
    } finally {
      reader.releaseLock();
    }
  } finally {
    if (timer) clearTimeout(timer);
    attempt.signal.removeEventListener('abort', abort);
  }
}
