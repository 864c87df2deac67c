// The live channel driving the sync engine, against a real server on loopback: another device's change is
// pulled at once (no periodic round, no focus), a dropped channel resumes from its last event id without
// missing a change made while it was down, a channel that cannot open (a proxy answering HTML, one that
// buffers) leaves the periodic sync doing the work, and a signed-out session's channel stops for good.
import 'fake-indexeddb/auto';
import type { LiveFeed } from '@private-notes/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Device, setUpSyncFixture } from '../sync-test-harness.ts';
import type { LiveState } from './live-connection.ts';
import { createLiveFeedBus } from './live-feed-bus.ts';
import { type LiveSync, type LiveSyncOptions, startLiveSync } from './live-sync.ts';

const fixture = setUpSyncFixture();
const running: LiveSync[] = [];
afterEach(() => {
  for (const live of running.splice(0)) live.stop();
});

const HOUR = 3_600_000;
/** A bound for waits, far below the periodic round (an hour here): only the channel can make them. */
const SOON = { timeout: 10_000 };

/** A device whose engine hears this device's live channel; `liveFetch` stands between it and the server. */
function liveDevice(overrides: Partial<LiveSyncOptions> = {}, periodMs = HOUR) {
  const bus = createLiveFeedBus();
  const heard: LiveFeed[][] = [];
  bus.subscribe((feeds) => heard.push([...feeds]));
  const d = fixture.device({ live: bus, periodMs });
  const states: LiveState[] = [];
  const liveRequests: Record<string, string>[] = [];
  const live = startLiveSync(bus, {
    baseUrl: fixture.server.url,
    headers: () => ({ cookie: fixture.cookie }),
    random: () => 0,
    onState: (state) => states.push(state),
    fetch: (input, init) => {
      liveRequests.push({ ...(init?.headers as Record<string, string>) });
      return fetch(input, init);
    },
    ...overrides,
  });
  running.push(live);
  return { d, live, heard, states, liveRequests };
}

async function createElsewhere(title: string) {
  const answer = await fixture.server.api('POST', '/api/notes', {
    cookie: fixture.cookie,
    body: { title, content: `${title} body`, tags: [] },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: number };
}

const titles = async (d: Device) =>
  (await d.db.notes.toArray()).filter((n) => !n.deleted).map((n) => n.title);

describe('live sync', () => {
  it("pulls another device's create, edit and delete at once, with no periodic round", async () => {
    const { d, live } = liveDevice();
    d.engine.start();
    await vi.waitFor(() => expect(live.state).toBe('open'), SOON);
    await vi.waitFor(() => expect(d.engine.getStatus().kind).toBe('synced'), SOON);

    const created = await createElsewhere('From the laptop');
    await vi.waitFor(async () => expect(await titles(d)).toEqual(['From the laptop']), SOON);
    const edit = await fixture.server.api('PUT', `/api/notes/${created.id}`, {
      cookie: fixture.cookie,
      body: { title: 'Renamed on the laptop', baseVersion: 1 },
    });
    expect(edit.status).toBe(200);
    await vi.waitFor(async () => expect(await titles(d)).toEqual(['Renamed on the laptop']), SOON);
    await fixture.server.api('DELETE', `/api/notes/${created.id}?version=2`, { cookie: fixture.cookie });
    await vi.waitFor(async () => expect(await titles(d)).toEqual([]), SOON);
  });

  it('resumes a dropped channel from its last event id: a change made while it was down is pulled', async () => {
    let gate: Promise<void> = Promise.resolve();
    let openGate = () => {};
    const liveRequests: Record<string, string>[] = [];
    const { d, live } = liveDevice({
      fetch: async (input, init) => {
        liveRequests.push({ ...(init?.headers as Record<string, string>) });
        await gate;
        return fetch(input, init);
      },
    });
    d.engine.start();
    await vi.waitFor(() => expect(live.state).toBe('open'), SOON);
    await vi.waitFor(() => expect(d.engine.getStatus().kind).toBe('synced'), SOON);

    gate = new Promise((resolve) => {
      openGate = resolve;
    });
    // The channel drops (a proxy restart, a lost connection).
    fixture.server.handle.live.disconnectAll();
    await vi.waitFor(() => expect(liveRequests.length).toBe(2), SOON);
    await createElsewhere('While the channel was down');
    openGate();
    await vi.waitFor(async () => expect(await titles(d)).toEqual(['While the channel was down']), SOON);
    expect(liveRequests[0]!['last-event-id']).toBeUndefined();
    expect(Number(liveRequests[1]!['last-event-id'])).toBeGreaterThan(0);
  });

  it('a channel that cannot open (HTML from a portal, a proxy that buffers) backs off, and the periodic sync still pulls', async () => {
    const portal = liveDevice(
      {
        fetch: async () =>
          new Response('<html>Sign in to the Wi-Fi</html>', { headers: { 'content-type': 'text/html' } }),
      },
      300,
    );
    const buffering = liveDevice(
      {
        helloTimeoutMs: 200,
        fetch: async (_input, init) =>
          new Response(
            new ReadableStream({
              start(controller) {
                init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
              },
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      },
      300,
    );
    portal.d.engine.start();
    buffering.d.engine.start();
    await createElsewhere('Only through the periodic round');
    for (const device of [portal, buffering]) {
      await vi.waitFor(
        async () => expect(await titles(device.d)).toEqual(['Only through the periodic round']),
        SOON,
      );
      await vi.waitFor(() => expect(device.states).toContain('waiting'), SOON);
      expect(device.states).not.toContain('open');
    }
  });

  it('stops for good when its session is signed out, and hears nothing more', async () => {
    const other = await fixture.server.login();
    const sessions = await fixture.server.api('GET', '/api/user/sessions', { cookie: other });
    const otherId = sessions.body.find((s: { current: boolean }) => s.current).id;
    const { live, heard } = liveDevice({ headers: () => ({ cookie: other }) });
    await vi.waitFor(() => expect(live.state).toBe('open'), SOON);
    const before = heard.length;
    await fixture.server.api('DELETE', `/api/user/sessions/${otherId}`, { cookie: fixture.cookie });
    await vi.waitFor(() => expect(live.state).toBe('unauthorized'), SOON);
    await createElsewhere('Not for a signed-out device');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.length).toBe(before);
  });
});
