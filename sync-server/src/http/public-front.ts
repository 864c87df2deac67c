// Public replays answered straight from the connection, before Node's HTTP server sees it. A visitor's
// connection starts here: each complete GET or HEAD that the replay cache can answer (routes/public-fast-path.ts)
// is answered with bytes made once a second, and the first request that is anything else hands the
// connection, with that request's bytes, to Node's HTTP server for good, exactly as if it had just arrived.
//
// Why: a replayed answer costs little more than writing its bytes, but Node's HTTP machinery around it
// (the parser's callbacks, a request and a response object, their events) costs several times that. It
// also runs slower in a process that has served the owner through Express, which reshapes those objects
// and leaves Node's own code handling many shapes of them. Answers from here touch none of it.
//
// Only what is plainly a replay is answered here; everything else is Node's: requests split across
// reads, HTTP/1.0, bodies (Content-Length, Transfer-Encoding), Expect, Upgrade, Range, Connection or
// Proxy-Connection other than keep-alive, absolute-form targets, any byte outside what a header may hold,
// obs-fold, bare CR or LF, headers the replay reads sent twice, and every address not recorded. Node
// then parses those bytes with its own strict parser, so the two never disagree about where a request
// ends. Where they meet, the front behaves as Node's server would on the same bytes: a malformed request
// behind an answer closes the connection without a 400, and a connection that sends nothing gets Node's
// 408 (docs/decisions/public-reads-at-the-limit.md; test/public-front-parity.test.ts compares the two).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { PublicFastPath } from '../routes/public-fast-path.ts';
import { readRequest } from './read-request.ts';
import { logAddress, loggedUrl, type RequestLog } from './request-logger.ts';

/** Node's default limit for a request's head (`--max-http-header-size`); larger ones are Node's to refuse. */
const MAX_HEAD_BYTES = 16 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n', 'latin1');

/**
 * Hands a connection to Node's HTTP server, with bytes already read from it, as if they had just arrived;
 * `answering` when the front has just answered a request of the same read (Node would still be sending it).
 */
type HandOver = (socket: Socket, unread: Buffer, answering: boolean) => void;

/** What Node's server writes before closing a connection whose first request's head never came in time. */
const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * Puts the front before `server`'s own connection handling. Nothing changes for a server someone has
 * configured in ways the front does not follow (a request limit per connection, a socket timeout, no
 * keep-alive): those keep Node's handling throughout.
 */
export function installPublicFront(server: Server, fastPath: PublicFastPath, log: RequestLog | null): void {
  const listeners = server.listeners('connection');
  const nodeListener = listeners[0] as ((socket: Socket) => void) | undefined;
  if (listeners.length !== 1 || nodeListener === undefined) return;
  server.removeListener('connection', nodeListener);
  const open = new Set<Socket>();
  // Node's server writes a 400 for bytes its parser refuses only when no answer of its own is under way
  // on the connection; behind an answer it is sending it closes the connection and writes nothing. Bytes
  // read with a request the front answered are refused while that answer is under way: they close the
  // connection without a word, as they would behind Node's answer (unless the server has its own
  // 'clientError' listeners, which then decide, as they do for Node's).
  const closeSilently = (error: Error, socket: Socket) => socket.destroy(error);
  const handOver: HandOver = (socket, unread, answering) => {
    open.delete(socket);
    nodeListener.call(server, socket);
    if (unread.length === 0) return;
    // Node's listener now reads the socket; what was read before it goes to its parser first (which
    // reads it, and refuses what it refuses, before emit returns).
    const quiet = answering && server.listenerCount('clientError') === 0;
    if (quiet) server.on('clientError', closeSilently);
    try {
      socket.emit('data', unread);
    } finally {
      if (quiet) server.removeListener('clientError', closeSilently);
    }
  };
  server.on('connection', (socket: Socket) => {
    if ((server.maxRequestsPerSocket ?? 0) > 0 || server.timeout > 0 || server.keepAliveTimeout <= 0)
      nodeListener.call(server, socket);
    else {
      open.add(socket);
      new FrontConnection(server, socket, fastPath, log, handOver, () => open.delete(socket));
    }
  });
  // Connections the front still holds are always idle between reads: closing idle connections ends
  // them (after what was written has gone), closing all destroys them.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    for (const socket of open) socket.end();
    closeIdle();
  };
  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    for (const socket of open) socket.destroy();
    closeAll();
  };
}

class FrontConnection {
  readonly #server: Server;
  readonly #socket: Socket;
  readonly #fastPath: PublicFastPath;
  readonly #log: RequestLog | null;
  readonly #handOver: HandOver;
  readonly #forget: () => void;
  #timeout = 0;
  /** Whether any byte has come in (until then, the connection waits for its first request's head). */
  #heard = false;
  /** The client's address as the request log writes it, made once for the connection. */
  #logAddress: Uint8Array | null = null;
  #keepAlive = '';
  #keepAliveMs = -1;

  constructor(
    server: Server,
    socket: Socket,
    fastPath: PublicFastPath,
    log: RequestLog | null,
    handOver: HandOver,
    forget: () => void,
  ) {
    this.#server = server;
    this.#socket = socket;
    this.#fastPath = fastPath;
    this.#log = log;
    this.#handOver = handOver;
    this.#forget = forget;
    socket.on('data', this.#onData);
    socket.on('end', this.#onEnd);
    socket.on('error', this.#onError);
    socket.on('timeout', this.#onTimeout);
    socket.on('close', forget);
    // Until the first request: as long as Node gives a client to send its first request's head (the
    // sooner of headersTimeout and requestTimeout; neither when both are 0).
    const { headersTimeout, requestTimeout } = server;
    this.#setTimeout(
      headersTimeout > 0 && requestTimeout > 0
        ? Math.min(headersTimeout, requestTimeout)
        : Math.max(headersTimeout, requestTimeout, 0),
    );
  }

  readonly #onData = (chunk: Buffer): void => {
    let at = 0;
    let answered = 0;
    this.#heard = true;
    const socket = this.#socket;
    socket.cork();
    while (at < chunk.length) {
      const end = this.#answer(chunk, at);
      if (end < 0) break;
      at = end;
      // The first answer goes at once (one write: head and body); the ones pipelined behind it wait,
      // as Node's server queues them behind the answer it is sending.
      if (answered++ === 0) {
        socket.uncork();
        socket.cork();
      }
      // Answers the client is not reading yet: Node's server waits for them; so it gets the rest.
      if (socket.writableNeedDrain) break;
    }
    if (at < chunk.length) {
      this.#release();
      if (answered === 0) {
        socket.uncork();
        this.#handOver(socket, chunk, false);
        return;
      }
      this.#handOver(socket, chunk.subarray(at), true);
      // Sent once Node's server has read the rest; if it refused them, it closed the connection and the
      // answers waiting here go with it, as the ones queued in Node's server do.
      socket.uncork();
      return;
    }
    socket.uncork();
    // As Node does once an answer is written: an idle kept-alive connection lasts keepAliveTimeout.
    this.#setTimeout(this.#server.keepAliveTimeout);
    if (this.#socket.writableNeedDrain) {
      // Read no more requests until the answers written so far have gone.
      this.#socket.pause();
      this.#socket.once('drain', () => this.#socket.resume());
    }
  };

  /** Answers the request starting at `at` if it is a replay; returns where it ends, or -1 (Node's). */
  #answer(chunk: Buffer, at: number): number {
    const start = this.#log === null ? 0 : performance.now();
    const end = chunk.indexOf(HEAD_END, at);
    if (end < 0 || end - at > MAX_HEAD_BYTES) return -1;
    const asked = readRequest(chunk.toString('latin1', at, end));
    if (asked === null) return -1;
    const entry = this.#fastPath.lookup(
      asked.url,
      asked.host,
      asked.forwardedHost,
      asked.forwardedProto,
      asked.credentials,
    );
    if (entry === null) return -1;
    const conditional =
      asked.ifNoneMatch !== undefined || asked.ifModifiedSince !== undefined
        ? {
            headers: {
              'if-none-match': asked.ifNoneMatch,
              'if-modified-since': asked.ifModifiedSince,
              'cache-control': asked.cacheControl,
            },
          }
        : null;
    const way = this.#fastPath.wayFor(entry, conditional, asked.acceptEncoding);
    const head = way.wire(this.#keepAliveHeader());
    if (head === null) return -1;
    // The head and the cached body as they are (corked in #onData: one write to the kernel), never copied
    // into one buffer: the replay cache holds one copy of each body (routes/replay-entries.ts).
    this.#socket.write(head);
    if (asked.method !== 'HEAD' && way.body !== undefined) this.#socket.write(way.body);
    if (this.#log !== null) {
      this.#logAddress ??= logAddress(this.#socket);
      // A build file asked with a query (recorded by its path): the log shows the address as asked.
      const logged = entry.anyQuery && asked.url.includes('?') ? loggedUrl(asked.url) : entry.loggedUrl;
      this.#log.answeredOn(asked.method, this.#logAddress, way.status, start, logged);
    }
    return end + HEAD_END.length;
  }

  /** The Keep-Alive header's value, as Node writes it for the server's current setting. */
  #keepAliveHeader(): string {
    const ms = this.#server.keepAliveTimeout;
    if (ms !== this.#keepAliveMs) {
      this.#keepAliveMs = ms;
      this.#keepAlive = `timeout=${Math.floor(ms / 1000)}`;
    }
    return this.#keepAlive;
  }

  #setTimeout(ms: number): void {
    if (ms !== this.#timeout) {
      this.#timeout = ms;
      this.#socket.setTimeout(ms);
    }
  }

  /** The client finished sending (allowHalfOpen): it gets what was written, then the connection ends. */
  readonly #onEnd = (): void => {
    this.#socket.end();
  };

  readonly #onError = (): void => {
    this.#socket.destroy();
  };

  /**
   * Idle after an answer: closed, as Node closes a kept-alive connection. Idle before any request: as
   * Node's server does for a first request's head that never came, a 408 (unless a 'clientError'
   * listener answers instead), then closed.
   */
  readonly #onTimeout = (): void => {
    const socket = this.#socket;
    if (this.#heard) {
      socket.destroy();
      return;
    }
    const error = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    if (!this.#server.emit('clientError', error, socket)) {
      if (socket.writable) socket.write(REQUEST_TIMEOUT);
      socket.destroy(error);
    }
  };

  /** Stops listening before Node's server takes the connection. */
  #release(): void {
    const socket = this.#socket;
    socket.removeListener('data', this.#onData);
    socket.removeListener('end', this.#onEnd);
    socket.removeListener('error', this.#onError);
    socket.removeListener('timeout', this.#onTimeout);
    socket.removeListener('close', this.#forget);
    socket.setTimeout(0);
  }
}
