// The live channel's timing rules without a server: a page hidden past the pause lets its channel go and,
// shown again, reconnects at once from the last event id and hands on what moved meanwhile; failures back off
// with jitter inside growing bounds.
import { LIVE_FEEDS, type LiveFeed } from '@private-notes/shared';
import { afterEach, expect, it, vi } from 'vitest';
import { createLiveFeedBus } from './live-feed-bus.ts';
import { LIVE_RETRY_MAX_MS, liveRetryDelay } from './live-retry-delay.ts';
import { type LiveSync, startLiveSync } from './live-sync.ts';

const running: LiveSync[] = [];
afterEach(() => {
  for (const live of running.splice(0)) live.stop();
});

/** A server stand-in: each request answers a hello (naming `feeds` when resumed) and stays open. */
function fakeServer(feedsOnResume: LiveFeed[]) {
  const requests: (string | null)[] = [];
  let seq = 10;
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const lastEventId = ((init?.headers ?? {}) as Record<string, string>)['last-event-id'] ?? null;
    requests.push(lastEventId);
    const hello = { seq: ++seq, feeds: lastEventId === null ? [] : feedsOnResume };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(`id: ${seq}\nevent: hello\ndata: ${JSON.stringify(hello)}\n\n`),
        );
        init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

function fakePage() {
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  return {
    page,
    show(state: DocumentVisibilityState) {
      page.visibilityState = state;
      page.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

it('a page hidden past the pause drops its channel; shown again, it resumes at once and pulls what moved', async () => {
  const server = fakeServer(['notes', 'cards']);
  const { page, show } = fakePage();
  const bus = createLiveFeedBus();
  const heard: LiveFeed[][] = [];
  bus.subscribe((feeds) => heard.push([...feeds]));
  const live = startLiveSync(bus, { fetch: server.fetch, page, hiddenPauseMs: 50, random: () => 0 });
  running.push(live);
  await vi.waitFor(() => expect(live.state).toBe('open'));
  // The very first hello cannot know what the page's first sync and its screen's server reads missed: every
  // feed (a post created while Blog Admin loaded, before the channel opened, was never shown).
  expect(heard).toEqual([[...LIVE_FEEDS]]);

  show('hidden');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(live.state).toBe('open'); // a short look away keeps it
  await vi.waitFor(() => expect(live.state).toBe('paused'));
  expect(server.requests).toHaveLength(1);

  show('visible');
  await vi.waitFor(() => expect(live.state).toBe('open'));
  expect(server.requests).toEqual([null, '11']);
  expect(heard.at(-1)).toEqual(['notes', 'cards']);
});

it('backs off with jitter between growing bounds, up to a minute', () => {
  expect([liveRetryDelay(1, () => 0), liveRetryDelay(1, () => 1)]).toEqual([500, 1000]);
  expect([liveRetryDelay(4, () => 0), liveRetryDelay(4, () => 1)]).toEqual([4000, 8000]);
  expect(liveRetryDelay(30, () => 1)).toBe(LIVE_RETRY_MAX_MS);
  expect(liveRetryDelay(30, () => 0)).toBe(LIVE_RETRY_MAX_MS / 2);
});
