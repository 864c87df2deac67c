// The front against Node's own HTTP server on the same bytes: two servers with the same handler, one
// with the public front before it, one without; each case sends the same raw bytes to both and compares
// what comes back (but the date) and whether the connection closes after it: Proxy-Connection read as
// Connection, a malformed request behind a replay, a connection idle before its first request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPublicFront } from '../src/http/public-front.ts';
import { CachedAnswer, writeAnswer } from '../src/routes/answer-cache.ts';
import { PublicFastPath } from '../src/routes/public-fast-path.ts';

const get = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nHost: example.test\r\n${headers}\r\n`;
/** A header line without a colon: Node's parser refuses it. */
const MALFORMED = 'GET /page HTTP/1.1\r\nHost: example.test\r\nNo colon here\r\n\r\n';
const withoutDate = (text: string) => text.replace(/\r\nDate: [^\r]*/g, '');

interface Heard {
  text: string;
  closed: boolean;
}

/** Sends `parts` (one write each, the next once `waitFor` bytes have come back) and reads for `ms`. */
function send(port: number, parts: string[], ms: number, waitFor = 0): Promise<Heard> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let bytes = Buffer.alloc(0);
    let closed = false;
    let next = 0;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: withoutDate(bytes.toString('latin1')), closed });
    };
    const timer = setTimeout(finish, ms);
    socket.on('connect', () => {
      if (parts.length > 0) socket.write(parts[next++] as string);
    });
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      if (next < parts.length && bytes.length >= waitFor) socket.write(parts[next++] as string);
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET') closed = true;
      else reject(error);
    });
  });
}

/** A server answering `/page` through the fast path, as the app does; with or without the front. */
async function serve(front: boolean, options: http.ServerOptions = {}) {
  const fastPath = new PublicFastPath();
  const answer = new CachedAnswer(
    'Replayed words. '.repeat(50),
    'text/plain; charset=utf-8',
    'public, no-cache',
  );
  await answer.prepare();
  const server = http.createServer(options, (req, res) => {
    if (fastPath.serve(req, res) !== null) return;
    if (req.url !== '/page') {
      res.statusCode = 404;
      res.end('none');
      return;
    }
    fastPath.remember(req, res, answer, { anyone: true });
    writeAnswer(req, res, answer);
  });
  if (front) installPublicFront(server, fastPath, null);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // Recorded by the handler, as the app's first answer is.
  await send(port, [get('/page')], 300);
  return { server, port };
}

describe('the front answers as Node’s server does on the same bytes', () => {
  let node: { server: http.Server; port: number };
  let front: { server: http.Server; port: number };

  beforeAll(async () => {
    node = await serve(false);
    front = await serve(true);
  });

  afterAll(() => {
    for (const { server } of [node, front]) {
      server.closeAllConnections();
      server.close();
    }
  });

  async function both(parts: string[], ms = 800, waitFor = 0) {
    const [byNode, byFront] = await Promise.all([
      send(node.port, parts, ms, waitFor),
      send(front.port, parts, ms, waitFor),
    ]);
    return { byNode, byFront };
  }

  it('closes after the answer to a request with Proxy-Connection: close', async () => {
    const { byNode, byFront } = await both([get('/page', 'Proxy-Connection: close\r\n')]);
    expect(byFront).toEqual(byNode);
  });

  it('keeps a connection open for Proxy-Connection: keep-alive', async () => {
    const { byNode, byFront } = await both([get('/page', 'Proxy-Connection: keep-alive\r\n')]);
    expect(byNode.closed).toBe(false);
    expect(byFront).toEqual(byNode);
  });

  it('sends nothing more for a malformed request pipelined behind a replay: the answer, then closed', async () => {
    const { byNode, byFront } = await both([`${get('/page')}${MALFORMED}`]);
    expect(byNode.text).not.toContain('400 Bad Request');
    expect(byNode.closed).toBe(true);
    expect(byFront).toEqual(byNode);
  });

  it('drops, as Node does, the answers queued behind the first when a pipelined request is malformed', async () => {
    const { byNode, byFront } = await both([`${get('/page')}${get('/page')}${get('/page')}${MALFORMED}`]);
    expect(byNode.text.match(/HTTP\/1\.1 200/g)).toHaveLength(1);
    expect(byFront).toEqual(byNode);
  });

  it('answers pipelined requests behind a replay in order when Node takes the rest', async () => {
    const { byNode, byFront } = await both([
      `${get('/page')}${get('/page')}${get('/missing')}${get('/page')}`,
    ]);
    expect(byNode.text.match(/HTTP\/1\.1 \d+/g)).toEqual([
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 404',
      'HTTP/1.1 200',
    ]);
    expect(byFront).toEqual(byNode);
  });

  it('answers a malformed request sent after a replay was read as Node does', async () => {
    const { byNode, byFront } = await both([get('/page'), MALFORMED], 800, 900);
    expect(byNode.text).toContain('HTTP/1.1 400 Bad Request');
    expect(byFront).toEqual(byNode);
  });
});

describe('a connection that never sends a byte', () => {
  it('gets Node’s 408 at the server’s headersTimeout, then is closed', async () => {
    const options = { headersTimeout: 500, requestTimeout: 500, connectionsCheckingInterval: 100 };
    const node = await serve(false, options);
    const front = await serve(true, options);
    try {
      const [byNode, byFront] = await Promise.all([send(node.port, [], 2000), send(front.port, [], 2000)]);
      expect(byNode).toEqual({
        text: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
        closed: true,
      });
      expect(byFront).toEqual(byNode);
    } finally {
      for (const { server } of [node, front]) {
        server.closeAllConnections();
        server.close();
      }
    }
  });
});
