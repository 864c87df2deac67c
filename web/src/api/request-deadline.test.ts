// The data client never hangs: against a real loopback server that accepts and never answers, or declares a
// length and sends half, every request settles with a clear error; going offline ends one at once; the
// caller's own abort stays an AbortError; a healthy server still answers through the same client.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, NETWORK_ERROR } from '@private-notes/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './request.ts';
import {
  REQUEST_TIMEOUT_ERROR,
  REQUEST_TIMEOUT_MS,
  requestTimeout,
  startDeadline,
  UPLOAD_BYTES_PER_SECOND,
} from './request-deadline.ts';

let server: Server;
let base = '';
let received = 0;
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received++;
    req.resume();
    if (req.url === '/hang') {
      held.push(res);
      return;
    }
    if (req.url === '/half-stall' || req.url === '/half-close') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 });
      res.write('{"items":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17');
      if (req.url === '/half-close') setTimeout(() => res.socket?.destroy(), 20);
      else held.push(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('apiRequest deadlines', () => {
  it('gives up on a server that accepts the request and never answers', async () => {
    const error = await failure(apiRequest(`${base}/hang`, { timeoutMs: 300 }));
    expect(error).toMatchObject({ status: 0, message: REQUEST_TIMEOUT_ERROR });
    // The client still works once the server answers.
    expect(await apiRequest(`${base}/ok`, { timeoutMs: 5_000 })).toEqual({ ok: true });
  });

  it('gives up on an answer that declares its length and stalls halfway', async () => {
    const error = await failure(apiRequest(`${base}/half-stall`, { timeoutMs: 300 }));
    expect(error).toMatchObject({ status: 200, message: REQUEST_TIMEOUT_ERROR });
  });

  it('reports a network failure when the connection closes halfway through the body', async () => {
    const error = await failure(apiRequest(`${base}/half-close`, { timeoutMs: 5_000 }));
    expect(error).toMatchObject({ status: 200, message: NETWORK_ERROR });
  });

  it('ends a request at once when the device goes offline', async () => {
    const network = new EventTarget();
    vi.stubGlobal('window', network);
    const before = received;
    const pending = failure(apiRequest(`${base}/hang`, { timeoutMs: 60_000 }));
    await vi.waitFor(() => expect(received).toBeGreaterThan(before));
    network.dispatchEvent(new Event('offline'));
    expect(await pending).toMatchObject({ status: 0, message: NETWORK_ERROR });
  });

  it("keeps the caller's own abort an AbortError, not a failure to show", async () => {
    const caller = new AbortController();
    const before = received;
    const pending = apiRequest(`${base}/hang`, { signal: caller.signal, timeoutMs: 60_000 });
    await vi.waitFor(() => expect(received).toBeGreaterThan(before));
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('startDeadline', () => {
  it('allows 15 s by default plus a second per 32 KB sent', () => {
    expect(requestTimeout()).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(requestTimeout({ bodyBytes: UPLOAD_BYTES_PER_SECOND * 10 })).toBe(25_000);
    expect(requestTimeout({ timeoutMs: 1_000, bodyBytes: 1_000, bytesPerSecond: 1_000 })).toBe(2_000);
  });

  it('says why it ended and stops listening once cleared', () => {
    const network = new EventTarget();
    const offline = startDeadline({ offlineEvents: network });
    network.dispatchEvent(new Event('offline'));
    expect(offline.ended()).toBe('offline');
    expect(offline.signal.aborted).toBe(true);
    offline.clear();

    const cleared = startDeadline({ offlineEvents: network });
    cleared.clear();
    network.dispatchEvent(new Event('offline'));
    expect(cleared.ended()).toBeNull();
    expect(cleared.signal.aborted).toBe(false);

    const caller = new AbortController();
    caller.abort();
    const early = startDeadline({ signal: caller.signal, offlineEvents: null });
    expect(early.ended()).toBe('caller');
    early.clear();
  });
});
