// A sync round always ends: against a real server behind a loopback proxy that never answers, or answers half
// a body, the round fails as a transient error (status shows it, a retry is scheduled), rounds that joined it
// settle too, and the next round syncs once the connection is healthy. Going offline ends a round at once.
import 'fake-indexeddb/auto';
import { NETWORK_ERROR } from '@private-notes/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_ERROR } from '../api/request-deadline.ts';
import { createNote } from '../db/notes-store.ts';
import { type StallingProxy, startStallingProxy } from './stalling-proxy.ts';
import type { SyncEngineOptions } from './sync-engine.ts';
import {
  type Device,
  makeDevice,
  serverNotes,
  startTestServer,
  type TestServer,
} from './sync-test-harness.ts';

let server: TestServer;
let proxy: StallingProxy;
let cookie: string;
const devices: Device[] = [];

// Short enough for a test, long enough for a healthy loopback request on a busy machine (load averages of
// 20 on 2 cores here); without deadlines these tests wait forever and fail on the test timeout.
const TIMEOUT_MS = 2_500;
const TEST_MS = 20_000;
/** How long a wait for the engine may take on a loaded machine (vi.waitFor's default is 1 s). */
const WAIT = { timeout: 10_000 };

function device(overrides: Partial<SyncEngineOptions> = {}): Device {
  const made = makeDevice(server, cookie, undefined, {
    baseUrl: proxy.url,
    timeoutMs: TIMEOUT_MS,
    ...overrides,
  });
  devices.push(made);
  return made;
}

beforeEach(async () => {
  server = await startTestServer();
  cookie = await server.login();
  proxy = await startStallingProxy(server.url);
});

afterEach(async () => {
  for (const made of devices.splice(0)) {
    made.engine.stop();
    await made.db.delete();
  }
  await proxy.close();
  await server.close();
});

const note = (title: string) => ({ title, content: `${title} body`, tags: [] });

describe('a server that never answers', () => {
  it(
    'ends the round and the rounds that joined it, shows the failure, and syncs once the server answers',
    async () => {
      const d = device();
      await createNote(note('Into the void'), d.db);
      proxy.setMode('silent');
      const first = d.engine.syncNow();
      const joined = d.engine.syncNow();
      expect(await first).toBe('failed');
      expect(await joined).toBe('failed');
      const status = d.engine.getStatus();
      expect(status).toMatchObject({ kind: 'error', pending: 1, message: REQUEST_TIMEOUT_ERROR });
      expect(status.retryAt).not.toBeNull();

      proxy.setMode('pass');
      expect(await d.engine.syncNow()).toBe('synced');
      expect(await serverNotes(server, cookie)).toHaveLength(1);
      expect(d.engine.getStatus()).toMatchObject({
        kind: 'synced',
        pending: 0,
        message: null,
        retryAt: null,
      });
    },
    TEST_MS,
  );

  it(
    'going offline ends the round at once, without waiting for the deadline, and coming back syncs',
    async () => {
      let online = true;
      const network = new EventTarget();
      // A deadline far beyond the test's own timeout: only the offline event can end this round in time.
      const d = device({ timeoutMs: 60_000, isOnline: () => online, networkEvents: network });
      await createNote(note('Through the tunnel'), d.db);
      proxy.setMode('silent');
      d.engine.start();
      await vi.waitFor(() => expect(proxy.received()).toBeGreaterThan(0), WAIT);
      online = false;
      network.dispatchEvent(new Event('offline'));
      await vi.waitFor(() => expect(d.engine.getStatus().retryAt).not.toBeNull(), WAIT);
      expect(d.engine.getStatus()).toMatchObject({ kind: 'offline', pending: 1 });

      proxy.setMode('pass');
      online = true;
      network.dispatchEvent(new Event('online'));
      await vi.waitFor(
        () => expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0 }),
        WAIT,
      );
      expect(await serverNotes(server, cookie)).toHaveLength(1);
    },
    TEST_MS,
  );
});

describe('a round in flight when the device comes back online', () => {
  it(
    'began on the old connection: it ends at once and a fresh round syncs, without waiting for its deadline',
    async () => {
      const network = new EventTarget();
      // Only the `online` event can end this round in time: its deadline is beyond the test's timeout.
      const d = device({ timeoutMs: 60_000, isOnline: () => true, networkEvents: network });
      await createNote(note('Switched networks'), d.db);
      proxy.setMode('silent');
      d.engine.start();
      await vi.waitFor(() => expect(proxy.received()).toBeGreaterThan(0), WAIT);
      // The link changed under the request (no `offline` heard, as when one network replaces another).
      proxy.setMode('pass');
      network.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0 }), {
        timeout: 10_000,
      });
      expect(await serverNotes(server, cookie)).toHaveLength(1);
    },
    TEST_MS,
  );
});

describe('a server that answers half a body', () => {
  it(
    'then stalls: the round ends on the deadline, and the retried create is not duplicated',
    async () => {
      const d = device();
      await createNote(note('Half heard'), d.db);
      // The server commits the create; its answer stops halfway.
      proxy.setMode('half-then-stall', (method) => method === 'POST');
      expect(await d.engine.syncNow()).toBe('failed');
      expect(d.engine.getStatus()).toMatchObject({
        kind: 'error',
        pending: 1,
        message: REQUEST_TIMEOUT_ERROR,
      });
      expect(await serverNotes(server, cookie)).toHaveLength(1);

      proxy.setMode('pass');
      expect(await d.engine.syncNow()).toBe('synced');
      const onServer = await serverNotes(server, cookie);
      expect(onServer).toHaveLength(1);
      expect(onServer[0]).toMatchObject({ title: 'Half heard' });
      expect(d.engine.getStatus()).toMatchObject({ kind: 'synced', pending: 0 });
    },
    TEST_MS,
  );

  it(
    'then closes: the round fails as a network error and the next one syncs',
    async () => {
      const d = device();
      await createNote(note('Cut off'), d.db);
      proxy.setMode('half-then-close', (method) => method === 'GET');
      expect(await d.engine.syncNow()).toBe('failed');
      expect(d.engine.getStatus()).toMatchObject({ kind: 'offline', pending: 1, message: NETWORK_ERROR });

      proxy.setMode('pass');
      expect(await d.engine.syncNow()).toBe('synced');
      expect(await serverNotes(server, cookie)).toHaveLength(1);
    },
    TEST_MS,
  );
});
