// The public front: replays answered straight from the connection, read from raw sockets against the real
// app. Its bytes are the ones Node's server sends but the date; pipelined requests keep their order when
// one of them goes to Express (a POST with a body included); HEAD and 304 keep the connection in step;
// whatever is not plainly a replay reaches Node's own parser unchanged; idle connections close after the
// keep-alive timeout and when the server closes, and one that never sends a byte gets Node's 408; each
// answer gets its request line.
import { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readRequest } from '../src/http/read-request.ts';
import { Way } from '../src/routes/public-fast-path.ts';
import { createPost } from './blog-fixtures.ts';
import { captureLog } from './capture-log.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { Connection } from './raw-connection.ts';

const BROWSER = 'br, gzip, deflate, zstd';
/** Calls of the front's bytes (only the front asks for them) and of Node's response head. */
const wire = vi.spyOn(Way.prototype, 'wire');
const writeHead = vi.spyOn(ServerResponse.prototype, 'writeHead');
const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]*/, '');
const get = (path: string, headers = '', method = 'GET') =>
  `${method} ${path} HTTP/1.1\r\nHost: notes.example\r\n${headers}\r\n`;

describe('the public front', () => {
  const log = captureLog();
  let s: TestServer;
  const open: Connection[] = [];
  const connect = async () => {
    const connection = await Connection.open(s.url);
    open.push(connection);
    return connection;
  };
  /** Sends a request and reads its answer, noting whether the front answered it. */
  async function exchange(connection: Connection, request: string, bodyless = false) {
    const [wires, heads] = [wire.mock.calls.length, writeHead.mock.calls.length];
    connection.send(request);
    const reply = await connection.read(bodyless);
    const front = wire.mock.calls.length > wires && writeHead.mock.calls.length === heads;
    return { ...reply, front };
  }

  beforeAll(async () => {
    s = await startTestServer({ logRequests: true }, { logDestination: log.destination });
    const cookie = await s.login();
    for (let i = 1; i <= 3; i++)
      await createPost(s, cookie, {
        title: `Front ${i}`,
        content: `Words ${i}. `.repeat(200),
        published: true,
      });
    // Recorded by Express, which answers the first of each.
    for (const path of ['/api/blog', '/rss.xml']) {
      const c = await connect();
      await exchange(c, get(path, `Accept-Encoding: ${BROWSER}\r\n`));
    }
  });

  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
  });

  afterAll(() => s.close());

  it('answers a recorded public GET from the connection, with the bytes Node’s server sends but the date', async () => {
    for (const encoding of [BROWSER, 'gzip', '']) {
      const ask = get('/api/blog', encoding ? `Accept-Encoding: ${encoding}\r\n` : '');
      const front = await exchange(await connect(), ask);
      expect(front.front, encoding).toBe(true);
      // A connection Node's server holds (its first request went to Express): the replay through Node.
      const viaNode = await connect();
      expect((await exchange(viaNode, get('/api/nothing-here'))).status).toBe(404);
      const node = await exchange(viaNode, ask);
      expect(node.front).toBe(false);
      expect(withoutDate(front.head)).toBe(withoutDate(node.head));
      expect(front.body.equals(node.body)).toBe(true);
      expect(front.headers.get('date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(front.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('keeps pipelined requests in order when one goes to Express, a POST with a body among them', async () => {
    const c = await connect();
    const login = JSON.stringify({ username: 'admin', password: 'not the password' });
    c.send(
      get('/api/blog', 'Accept-Encoding: br\r\n') +
        get('/rss.xml') +
        `POST /api/login HTTP/1.1\r\nHost: notes.example\r\nContent-Type: application/json\r\nContent-Length: ${login.length}\r\n\r\n${login}` +
        get('/api/blog'),
    );
    const answers = [await c.read(), await c.read(), await c.read(), await c.read()];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 200]);
    expect(answers[0]?.headers.get('content-encoding')).toBe('br');
    expect(answers[1]?.headers.get('content-type')).toContain('xml');
    expect(JSON.parse(answers[3]?.body.toString('utf8') ?? '')).toHaveLength(3);
    expect(c.unread).toBe(0);
  });

  it('keeps the connection in step through HEAD and 304, and answers no-cache in full', async () => {
    const c = await connect();
    const full = await exchange(c, get('/api/blog'));
    const etag = full.headers.get('etag') ?? '';
    const head = await exchange(c, get('/api/blog', '', 'HEAD'), true);
    expect(head.front).toBe(true);
    expect(head.headers.get('content-length')).toBe(String(full.body.length));
    const notModified = await exchange(c, get('/api/blog', `If-None-Match: ${etag}\r\n`));
    expect(notModified.front).toBe(true);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
    const fresh = await exchange(
      c,
      get('/api/blog', `If-None-Match: ${etag}\r\nCache-Control: no-cache\r\n`),
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.equals(full.body)).toBe(true);
    const other = await exchange(c, get('/api/blog', 'If-None-Match: "something-else"\r\n'));
    expect(other.status).toBe(200);
    expect(c.unread).toBe(0);
  });

  it('leaves to Node whatever is not plainly a replay, and Node answers it as before', async () => {
    const cases: Array<[string, string, (status: number) => void]> = [
      ['HTTP/1.0', 'GET /api/blog HTTP/1.0\r\nHost: notes.example\r\n\r\n', (st) => expect(st).toBe(200)],
      ['Connection: close', get('/api/blog', 'Connection: close\r\n'), (st) => expect(st).toBe(200)],
      [
        'a chunked body',
        get('/api/blog', 'Transfer-Encoding: chunked\r\n').replace(/\r\n$/, '\r\n0\r\n\r\n'),
        (st) => expect(st).toBe(200),
      ],
      ['a length', get('/api/blog', 'Content-Length: 0\r\n'), (st) => expect(st).toBe(200)],
      ['a byte range', get('/api/blog', 'Range: bytes=0-9\r\n'), (st) => expect([200, 206]).toContain(st)],
      [
        'absolute form',
        'GET http://notes.example/api/blog HTTP/1.1\r\nHost: notes.example\r\n\r\n',
        (st) => expect(st).toBe(200),
      ],
      ['two Hosts', get('/api/blog', 'Host: other.example\r\n'), (st) => expect(st).toBe(200)],
      ['obs-fold', get('/api/blog', 'X-Note: a\r\n b\r\n'), (st) => expect(st).toBe(400)],
      ['bare LF', 'GET /api/blog HTTP/1.1\nHost: notes.example\n\n', (st) => expect(st).toBeGreaterThan(0)],
      ['a space before the colon', get('/api/blog', 'X-Note : a\r\n'), (st) => expect(st).toBe(400)],
    ];
    for (const [name, request, check] of cases) {
      const c = await connect();
      const before = wire.mock.calls.length;
      c.send(request);
      const reply = await c.read().catch(() => ({ status: 0 }));
      expect(wire.mock.calls.length, name).toBe(before);
      check(reply.status);
    }
  });

  it('answers a request split across reads through Node, in full', async () => {
    const c = await connect();
    const request = get('/api/blog');
    c.send(request.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 50));
    c.send(request.slice(20));
    const reply = await c.read();
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body.toString('utf8'))).toHaveLength(3);
  });

  it('reads no more while a client leaves its answers unread, then sends every one in order', async () => {
    const c = await connect();
    const count = 400;
    c.send(get('/rss.xml').repeat(count));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bodies = new Set<string>();
    for (let i = 0; i < count; i++) {
      const reply = await c.read();
      expect(reply.status).toBe(200);
      bodies.add(reply.body.toString('utf8'));
    }
    expect(bodies.size).toBe(1);
    expect(c.unread).toBe(0);
  });

  it('ends the connection once a client that has finished sending has its answer', async () => {
    const c = await connect();
    c.send(get('/api/blog'));
    c.finish();
    expect((await c.read()).status).toBe(200);
    await c.closed();
  });

  it('closes an idle connection after the keep-alive timeout', async () => {
    s.server.keepAliveTimeout = 300;
    try {
      const c = await connect();
      const reply = await exchange(c, get('/api/blog'));
      expect(reply.front).toBe(true);
      expect(reply.headers.get('keep-alive')).toBe('timeout=0');
      const started = Date.now();
      await c.closed();
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    } finally {
      s.server.keepAliveTimeout = 5000;
    }
  });

  it('answers 408, as Node does, a connection that sends nothing within headersTimeout, then closes it', async () => {
    const headersTimeout = s.server.headersTimeout;
    s.server.headersTimeout = 300;
    try {
      const c = await connect();
      const started = Date.now();
      const reply = await c.read();
      expect(reply.head).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close');
      await c.closed();
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      s.server.headersTimeout = headersTimeout;
    }
  });

  it('writes a request line for each answer it gives', async () => {
    const c = await connect();
    const before = log.entries().length;
    await exchange(c, get('/rss.xml?front-log', ''));
    await exchange(c, get('/rss.xml?front-log', ''));
    await exchange(c, get('/rss.xml?front-log', '', 'HEAD'), true);
    await vi.waitFor(() => expect(log.entries().length).toBeGreaterThanOrEqual(before + 3), {
      timeout: 2000,
    });
    const lines = log.entries().filter((l) => l.req?.url === '/rss.xml?front-log');
    expect(lines.map((l) => [l.req.method, l.res.statusCode])).toEqual([
      ['GET', 200],
      ['GET', 200],
      ['HEAD', 200],
    ]);
    expect(lines[1]).toMatchObject({ msg: 'request completed', req: { remoteAddress: '127.0.0.1' } });
  });
});

describe('closing the server', () => {
  it('ends the connections the front holds at once', async () => {
    const s = await startTestServer();
    const c = await Connection.open(s.url);
    await s.api('GET', '/api/blog');
    c.send(get('/api/blog'));
    expect((await c.read()).status).toBe(200);
    const started = Date.now();
    await s.close();
    await c.closed();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('readRequest', () => {
  it('reads what a replay needs and leaves the rest to Node', () => {
    expect(
      readRequest(
        'GET /blog?x=1 HTTP/1.1\r\nhost: a.example\r\nAccept-Encoding: br\r\nCookie: s=1\r\nConnection: Keep-Alive',
      ),
    ).toMatchObject({
      method: 'GET',
      url: '/blog?x=1',
      host: 'a.example',
      acceptEncoding: 'br',
      credentials: true,
    });
    for (const text of [
      'GET /blog HTTP/1.1',
      'POST /blog HTTP/1.1\r\nHost: a',
      'GET blog HTTP/1.1\r\nHost: a',
      'GET /blog HTTP/1.1\r\nHost: a\r\nAccept-Encoding: br\r\naccept-encoding: gzip',
      'GET /blog HTTP/1.1\r\nHost: a\r\nX: caf\u00e9',
      'GET /bl\u00f6g HTTP/1.1\r\nHost: a',
      'GET /blog HTTP/1.1\r\nHost: a\r\nX: a\0b',
      'GET /blog HTTP/1.1\r\nHost: a\r\nUpgrade: websocket',
      'GET /blog HTTP/1.1\r\nHost: a\r\nExpect: 100-continue',
      'GET /blog HTTP/1.1\r\nHost: a\r\nno colon',
      'GET /blog HTTP/1.1\r\nHost: a\r\n: empty name',
      'GET /blog HTTP/1.1\r\nHost: a\r\nProxy-Connection: close',
      'GET /blog HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\nProxy-Connection: Close',
    ]) {
      expect(readRequest(text), JSON.stringify(text)).toBeNull();
    }
  });
});
