// Test helper: a device's live channel (GET /api/live) read over real HTTP, event by event.
import { LIVE_PATH } from '@private-notes/shared';

export interface ReceivedEvent {
  /** 'hello', 'feeds', or 'comment' for a heartbeat. */
  event: string;
  id: string | null;
  data: { seq: number; feeds: string[]; own?: string } | null;
  at: number;
}

export interface LiveTestChannel {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  /** The first event (from `from` on) that `match` accepts; rejects after `ms`. */
  next(match: (event: ReceivedEvent) => boolean, ms?: number, from?: number): Promise<ReceivedEvent>;
  close(): void;
}

export async function openLive(
  baseUrl: string,
  cookie: string | null,
  headers: Record<string, string> = {},
): Promise<LiveTestChannel> {
  const abort = new AbortController();
  const res = await fetch(baseUrl + LIVE_PATH, {
    headers: { ...(cookie ? { cookie } : {}), 'accept-encoding': 'gzip, br', ...headers },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  let done = false;
  const ended = (async () => {
    if (!res.body || res.status !== 200) {
      await res.text().catch(() => '');
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          events.push(parse(block));
          end = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // aborted or dropped: the stream has ended either way
    } finally {
      done = true;
      notify();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    next(match, ms = 3000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            cleanup();
            resolve(found);
          } else if (done) {
            cleanup();
            reject(new Error('the channel ended before the event came'));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

function parse(block: string): ReceivedEvent {
  let event = 'message';
  let id: string | null = null;
  let data: string | null = null;
  let comment = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment = true;
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data = line.slice(6);
  }
  return {
    event: comment && data === null ? 'comment' : event,
    id,
    data: data === null ? null : JSON.parse(data),
    at: Date.now(),
  };
}
