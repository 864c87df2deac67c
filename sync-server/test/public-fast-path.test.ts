// The micro-cache in front of Express: it replays only what Express answered to an anonymous GET, with
// the same security headers, and never after a change of what it shows; sessions keep requests on
// Express; with logging on, replayed answers are logged too.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pickEncoding } from '../src/routes/answer-cache.ts';
import { MAX_ENTRIES } from '../src/routes/public-fast-path.ts';
import { createPost } from './blog-fixtures.ts';
import { captureLog } from './capture-log.ts';
import { startTestServer, type TestServer } from './helpers.ts';

// Express answers carry a fresh CSP nonce each time; the replayed answer carries none.
const viaExpress = (headers: Headers) => /'nonce-/.test(headers.get('content-security-policy') ?? '');

describe('public fast path', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startTestServer();
    cookie = await s.login();
    await createPost(s, cookie, { title: 'First', published: true });
  });
  afterAll(() => s.close());

  it('replays an anonymous GET with the same body and security headers until the next write', async () => {
    const first = await s.api('GET', '/api/blog');
    expect(viaExpress(first.headers)).toBe(true);
    const second = await s.api('GET', '/api/blog');
    expect(viaExpress(second.headers)).toBe(false);
    expect(second.body).toEqual(first.body);
    for (const name of [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cache-control',
      'etag',
      'content-type',
    ]) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");

    const added = await createPost(s, cookie, { title: 'Second', published: true });
    const afterWrite = await s.api('GET', '/api/blog');
    expect(viaExpress(afterWrite.headers)).toBe(true);
    expect(afterWrite.body[0].id).toBe(added.id);
    // A draft being unpublished is a write too: the replay stops at once.
    await s.api('PUT', `/api/admin/blog/${added.id}`, { cookie, body: { published: false } });
    expect((await s.api('GET', '/api/blog')).body.map((p: { id: number }) => p.id)).not.toContain(added.id);
  });

  it('never records a request that carries a cookie, and never replays a Set-Cookie', async () => {
    await createPost(s, cookie, { title: 'Third', published: true });
    const owner = await s.api('GET', '/api/blog?search=third', { cookie });
    expect(viaExpress(owner.headers)).toBe(true);
    const next = await s.api('GET', '/api/blog?search=third');
    expect(viaExpress(next.headers)).toBe(true);
    const replay = await s.api('GET', '/api/blog?search=third');
    expect(viaExpress(replay.headers)).toBe(false);
    expect(replay.headers.get('set-cookie')).toBeNull();
  });

  it('keys on the exact URL: other queries and unknown paths still reach Express', async () => {
    await s.api('GET', '/api/blog');
    const other = await s.api('GET', '/api/blog?tag=nothing');
    expect(viaExpress(other.headers)).toBe(true);
    const bad = await s.api('GET', `/api/blog?search=${'x'.repeat(300)}`);
    expect(bad.status).toBe(400);
    expect((await s.api('GET', `/api/blog?search=${'x'.repeat(300)}`)).status).toBe(400);
  });
});

describe('when full', () => {
  it('lets the least recently used answers go, not every answer at once', async () => {
    const s = await startTestServer();
    try {
      const cookie = await s.login();
      await createPost(s, cookie, { title: 'Popular', published: true });
      await s.api('GET', '/api/blog'); // recorded
      const early = '/api/blog?search=early';
      await s.api('GET', early);
      expect(viaExpress((await s.api('GET', early)).headers)).toBe(false);
      // Far more distinct addresses than the fast path holds, while the blog list stays in demand.
      for (let i = 0; i < MAX_ENTRIES + 150; i++) {
        await s.api('GET', `/api/blog?search=n${i}`);
        if (i % 50 === 0)
          expect(viaExpress((await s.api('GET', '/api/blog')).headers), String(i)).toBe(false);
      }
      expect(viaExpress((await s.api('GET', '/api/blog')).headers)).toBe(false);
      expect(viaExpress((await s.api('GET', early)).headers)).toBe(true);
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('with request logging on', () => {
  it('is installed behind the request log: replayed answers are logged like any other', async () => {
    const log = captureLog();
    const s = await startTestServer({ logRequests: true }, { logDestination: log.destination });
    let closed = false;
    try {
      expect(viaExpress((await s.api('GET', '/api/blog')).headers)).toBe(true);
      const replayed = await s.api('GET', '/api/blog');
      expect(viaExpress(replayed.headers)).toBe(false);
      // Request lines wait to be written together; closing the server hands over what waits.
      await s.close();
      closed = true;
      const blog = log.entries().filter((l) => l.req?.url === '/api/blog');
      expect(blog).toHaveLength(2);
      for (const entry of blog) {
        expect(entry).toMatchObject({
          level: 30,
          msg: 'request completed',
          req: { method: 'GET', url: '/api/blog' },
          res: { statusCode: 200 },
        });
        expect(typeof entry.responseTime).toBe('number');
      }
    } finally {
      if (!closed) await s.close();
    }
  });

  it('writes the lines of a running server without being asked', async () => {
    const log = captureLog();
    const s = await startTestServer({ logRequests: true }, { logDestination: log.destination });
    try {
      await s.api('GET', '/api/blog');
      await vi.waitFor(() => expect(log.entries().some((l) => l.req?.url === '/api/blog')).toBe(true));
    } finally {
      await s.close();
    }
  });

  it('writes no request lines at LOG_LEVEL=warn', async () => {
    const log = captureLog();
    const s = await startTestServer(
      { logRequests: true, logLevel: 'warn' },
      { logDestination: log.destination },
    );
    await s.api('GET', '/api/blog');
    await s.api('GET', '/api/blog');
    await s.close();
    expect(log.entries()).toEqual([]);
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['*', 'br'],
    ['GZIP', 'gzip'],
  ])('%j → %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
