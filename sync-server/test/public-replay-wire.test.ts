// The replay's bytes on the wire, read from a raw socket: after the first replay of a way of answering,
// later ones send the head Node's writeHead made for it, byte for byte but the date; 304, HEAD and
// pipelined requests leave the connection in step; a connection that is closing, HTTP/1.0, a changed
// keep-alive setting or a header sent twice never get a prepared head.
import http, { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CachedAnswer, writeAnswer } from '../src/routes/answer-cache.ts';
import { PublicFastPath } from '../src/routes/public-fast-path.ts';
import { Connection } from './raw-connection.ts';

const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]*/, '');
const get = (path: string, headers = '', method = 'GET', version = '1.1') =>
  `${method} ${path} HTTP/${version}\r\nHost: example.test\r\n${headers}\r\n`;

describe('prepared response heads on the wire', () => {
  const fastPath = new PublicFastPath();
  const answer = new CachedAnswer(
    'Replayed words. '.repeat(200),
    'text/plain; charset=utf-8',
    'public, no-cache',
  );
  const writeHead = vi.spyOn(ServerResponse.prototype, 'writeHead');
  let server: http.Server;
  /** Requests the handler answered (not the replay). */
  let handled = 0;
  let port: number;
  const open: Connection[] = [];
  const connect = async () => {
    const connection = await Connection.open(port);
    open.push(connection);
    return connection;
  };

  beforeAll(async () => {
    await answer.prepare();
    server = http.createServer((req, res) => {
      if (fastPath.serve(req, res) !== null) return;
      handled++;
      // As Express's middleware would: security headers set before the answer is written and recorded.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'self'");
      fastPath.remember(req, res, answer, { anyone: true });
      writeAnswer(req, res, answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // Recorded by the handler (the replay knows nothing yet), as Express's first answer is.
    const first = await connect();
    first.send(get('/page'));
    expect((await first.read()).status).toBe(200);
  });

  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
    server.keepAliveTimeout = 5000;
    server.maxRequestsPerSocket = 0;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    writeHead.mockRestore();
  });

  /** Sends a request and reads its answer, counting the writeHead calls it took. */
  async function exchange(connection: Connection, request: string, bodyless = false) {
    const before = writeHead.mock.calls.length;
    const handledBefore = handled;
    connection.send(request);
    let reply = await connection.read(bodyless);
    // Node answers an Expect: 100-continue itself before the request reaches anyone.
    if (reply.status === 100) reply = await connection.read(bodyless);
    return { ...reply, writeHeads: writeHead.mock.calls.length - before, handled: handled - handledBefore };
  }

  it('sends, from the second replay of a way on, the head writeHead made, byte for byte but the date', async () => {
    const c = await connect();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const ask = get('/page', `Accept-Encoding: ${encoding}\r\n`);
      const made = await exchange(c, ask);
      const prepared = await exchange(c, ask);
      const again = await exchange(c, ask);
      expect(made.handled + prepared.handled + again.handled, encoding).toBe(0);
      expect(made.writeHeads, encoding).toBe(1);
      expect(prepared.writeHeads, encoding).toBe(0);
      expect(again.writeHeads, encoding).toBe(0);
      expect(withoutDate(prepared.head)).toBe(withoutDate(made.head));
      expect(prepared.body.equals(made.body)).toBe(true);
      expect(prepared.headers.get('date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(prepared.headers.get('connection')).toBe('keep-alive');
      expect(prepared.headers.get('keep-alive')).toBe('timeout=5');
      expect(prepared.headers.get('x-content-type-options')).toBe('nosniff');
      expect(prepared.headers.get('content-encoding')).toBe(encoding === 'identity' ? undefined : encoding);
      expect(Number(prepared.headers.get('content-length'))).toBe(prepared.body.length);
    }
    expect(c.unread).toBe(0);
  });

  it('keeps the connection in step through 304s, HEADs and pipelined requests', async () => {
    const c = await connect();
    const conditional = get('/page', `If-None-Match: ${answer.etag}\r\n`);
    for (let i = 0; i < 3; i++) {
      const notModified = await exchange(c, conditional);
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('etag')).toBe(answer.etag);
      expect(notModified.headers.has('content-length')).toBe(false);
      expect(notModified.body.length).toBe(0);
    }
    for (let i = 0; i < 3; i++) {
      const head = await exchange(c, get('/page', 'Accept-Encoding: br\r\n', 'HEAD'), true);
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('content-length'))).toBe(answer.encoded('br').length);
    }
    // Three requests in one write: three answers, in order, nothing left over.
    c.send(
      get('/page', 'Accept-Encoding: br\r\n') +
        get('/page') +
        get('/page', `If-None-Match: ${answer.etag}\r\n`),
    );
    const [br, plain, notModified] = [await c.read(), await c.read(), await c.read()];
    expect(br.body.equals(answer.encoded('br'))).toBe(true);
    expect(plain.body.equals(answer.body)).toBe(true);
    expect(notModified.status).toBe(304);
    const last = await exchange(c, get('/page'));
    expect(last.body.toString('utf8')).toBe(answer.body.toString('utf8'));
    expect(c.unread).toBe(0);
  });

  it('gives a connection that is closing Connection: close, through writeHead, and closes it', async () => {
    const warm = await connect();
    await exchange(warm, get('/page'));
    await exchange(warm, get('/page'));
    for (const request of [get('/page', 'Connection: close\r\n'), get('/page', '', 'GET', '1.0')]) {
      const c = await connect();
      const reply = await exchange(c, request);
      expect(reply.writeHeads).toBe(1);
      expect(reply.headers.get('connection')).toBe('close');
      expect(reply.body.equals(answer.body)).toBe(true);
      await c.closed();
    }
  });

  it('makes the head again when the server’s keep-alive settings change', async () => {
    const c = await connect();
    await exchange(c, get('/page'));
    expect((await exchange(c, get('/page'))).writeHeads).toBe(0);
    server.keepAliveTimeout = 7000;
    const changed = await exchange(c, get('/page'));
    expect(changed.writeHeads).toBe(1);
    expect(changed.headers.get('keep-alive')).toBe('timeout=7');
    const next = await exchange(c, get('/page'));
    expect(next.writeHeads).toBe(0);
    expect(next.headers.get('keep-alive')).toBe('timeout=7');

    // The last request a connection may carry is told so.
    server.maxRequestsPerSocket = 2;
    const limited = await connect();
    expect((await exchange(limited, get('/page'))).headers.get('keep-alive')).toBe('timeout=7, max=2');
    const final = await exchange(limited, get('/page'));
    expect(final.headers.get('connection')).toBe('close');
  });

  it('leaves a byte range, an Expect or a replayed header sent twice to the handler', async () => {
    for (const headers of [
      'Range: bytes=0-9\r\n',
      'Expect: 100-continue\r\n',
      'Accept-Encoding: br\r\nAccept-Encoding: gzip\r\n',
      'Host: other.test\r\n',
    ]) {
      const c = await connect();
      const reply = await exchange(c, get('/page', headers));
      expect(reply.handled, headers).toBe(1);
      expect(reply.status).toBe(200);
    }
  });
});
