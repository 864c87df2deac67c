// A replay cache in front of Express for everything public and cached: blog JSON answers, server-rendered
// public pages, feeds and build files. Once Express has answered a GET with a cached answer, the same
// address is answered from the answer's bytes (identity, br or gzip, as the client accepts) and the
// headers the middleware set (security headers included), without Express's per-request set-up, which on
// this machine costs more than the whole answer. An entry lasts while the data it shows is unchanged (its
// own version function: the blog's content for blog answers and pages, nothing for build files). Anything
// not remembered, or remembered before the last change, goes through Express as usual, so the fast path
// can only ever replay an answer Express itself gave.
import {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Express } from 'express';
import type { Deps } from '../deps.ts';
import { installPublicFront } from '../http/public-front.ts';
import { loggedUrl, type RequestLog } from '../http/request-logger.ts';
import type { Store } from '../storage/index.ts';
import {
  type CachedAnswer,
  type Encoding,
  isNotModified,
  pickEncoding,
  writeAnswer,
} from './answer-cache.ts';

/** Headers that belong to one request or one body, never replayed (writeAnswer sets the body's own). */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'content-type',
  'etag',
  'last-modified',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
export const MAX_ENTRIES = 1000;
/** When full, this many least recently used entries go at once, so the sort is paid once per 100 new ones. */
const EVICT_AT_ONCE = 100;
const NO_VERSION = (): number => 0;

export interface RememberOptions {
  /**
   * The current version of the data the answer shows, compared on every replay with the version it was
   * made from (`answer.version`); build files never change.
   */
  version?: () => number;
  /**
   * The answer is the same whoever asks (blog JSON, feeds, build files), so a request with a cookie may be
   * replayed it too. Pages vary on the session (`Vary: Cookie`): they are replayed to anonymous visitors only.
   */
  anyone?: boolean;
}

/** What the request log needs of a replayed answer, made once when it is recorded. */
export interface Replayed {
  /** The address as the request log writes it (loggedUrl), encoded once. */
  readonly loggedUrl: Uint8Array;
}

/** One way of answering an address (identity, br, gzip or 304): its status, headers and bytes. */
export class Way {
  readonly status: number;
  readonly message: string;
  /** Raw header list (name, value, name, value, …) ready for `writeHead`. */
  readonly headers: string[];
  readonly body: Buffer | undefined;
  /** The response head Node made from `headers` the first time, reused while the server's settings hold. */
  head: PreparedHead | null = null;
  /** The status line and header lines as the wire carries them; null when one would not be valid there. */
  readonly #lines: string | null;
  #wireDate = '';
  #wireKeepAlive = '';
  #wire: Buffer | null = null;
  #wireHead: Buffer | null = null;

  constructor(status: number, headers: string[], body: Buffer | undefined) {
    this.status = status;
    this.message = STATUS_CODES[status] ?? 'unknown';
    this.headers = headers;
    this.body = body;
    let lines = `HTTP/1.1 ${status} ${this.message}\r\n`;
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i] as string;
      const value = headers[i + 1] as string;
      if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) {
        lines = '';
        break;
      }
      lines += `${name}: ${value}\r\n`;
    }
    this.#lines = lines === '' ? null : lines;
  }

  /**
   * The whole answer as bytes for a kept-alive HTTP/1.1 connection (the head alone for HEAD), laid out as
   * Node's `writeHead` lays it out: the headers, Date, Connection, Keep-Alive. Made again each second (a
   * buffer once handed to a socket is never changed); null when a header could not be sent as it is.
   */
  wire(headOnly: boolean, keepAlive: string): Buffer | null {
    if (this.#lines === null) return null;
    const date = httpDate();
    if (date !== this.#wireDate || keepAlive !== this.#wireKeepAlive) {
      const head = Buffer.from(
        `${this.#lines}Date: ${date}\r\nConnection: keep-alive\r\nKeep-Alive: ${keepAlive}\r\n\r\n`,
        'latin1',
      );
      this.#wireHead = head;
      this.#wire = this.body === undefined ? head : Buffer.concat([head, this.body]);
      this.#wireDate = date;
      this.#wireKeepAlive = keepAlive;
    }
    return headOnly ? this.#wireHead : this.#wire;
  }
}

/** A header name (RFC 9110 token) and a value Node would send as it is. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** An address's recorded answer and its ways of answering. */
export interface Entry extends Replayed {
  answer: CachedAnswer;
  /** When it was last recorded or replayed (a counter): the least recently used go first when full. */
  used: number;
  seen: number;
  version: () => number;
  anyone: boolean;
  identity: Way;
  br: Way | null;
  gzip: Way | null;
  notModified: Way;
}

/** The key: the address as asked, with what decides the absolute URLs a page or feed embeds. */
export function keyOf(
  url: string | undefined,
  host: string,
  forwardedHost: string,
  forwardedProto: string,
): string {
  return `${url}\0${host}\0${forwardedHost}\0${forwardedProto}`;
}

/**
 * What a replay needs of a request's headers, read from `rawHeaders`: Node builds `req.headers` only when
 * asked, and for a replayed answer building it cost more than finding these few in the raw list. One
 * object, reused: a replay runs to its end before the next request is read.
 */
const asked = {
  host: '',
  forwardedHost: '',
  forwardedProto: '',
  acceptEncoding: undefined as string | undefined,
  /** A cookie or credentials: the request may be someone's session. */
  credentials: false,
  /** If-None-Match or If-Modified-Since. */
  conditional: false,
};

/**
 * Fills `asked` from the raw header list; false when the request is not one to replay: a byte range (the
 * static file server's), an Expect, or any header the replay reads sent more than once (Node would merge
 * or drop the copies; Express decides).
 */
function readAsked(raw: string[]): boolean {
  asked.host = '';
  asked.forwardedHost = '';
  asked.forwardedProto = '';
  asked.acceptEncoding = undefined;
  asked.credentials = false;
  asked.conditional = false;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    let bit = 0;
    // Only names of a length the replay cares about are compared at all, as Node's own header parsing does.
    switch (name.length) {
      case 4:
        if (is(name, 'host', 'Host')) {
          bit = 1;
          asked.host = raw[i + 1] as string;
        }
        break;
      case 5:
        if (is(name, 'range', 'Range')) return false;
        break;
      case 6:
        if (is(name, 'cookie', 'Cookie')) {
          bit = 2;
          asked.credentials = true;
        } else if (is(name, 'expect', 'Expect')) return false;
        break;
      case 13:
        if (is(name, 'authorization', 'Authorization')) {
          bit = 4;
          asked.credentials = true;
        } else if (is(name, 'if-none-match', 'If-None-Match')) {
          bit = 8;
          asked.conditional = true;
        }
        break;
      case 15:
        if (is(name, 'accept-encoding', 'Accept-Encoding')) {
          bit = 16;
          asked.acceptEncoding = raw[i + 1] as string;
        }
        break;
      case 16:
        if (is(name, 'x-forwarded-host', 'X-Forwarded-Host')) {
          bit = 32;
          asked.forwardedHost = raw[i + 1] as string;
        }
        break;
      case 17:
        if (is(name, 'if-modified-since', 'If-Modified-Since')) {
          bit = 64;
          asked.conditional = true;
        } else if (is(name, 'x-forwarded-proto', 'X-Forwarded-Proto')) {
          bit = 128;
          asked.forwardedProto = raw[i + 1] as string;
        }
        break;
    }
    if (bit !== 0) {
      if ((seen & bit) !== 0) return false;
      seen |= bit;
    }
  }
  return true;
}

/** A header name in any case, the two usual spellings compared first. */
function is(name: string, lower: string, canonical: string): boolean {
  return name === lower || name === canonical || name.toLowerCase() === lower;
}

/** What `writeHead` leaves on a response, which the prepared head sets itself (Node's own fields). */
interface NodeResponse extends ServerResponse {
  _header: string | null;
  _hasBody: boolean;
  _keepAliveTimeout: number;
  _maxRequestsPerSocket: number;
  _expect_continue: boolean;
  useChunkedEncodingByDefault: boolean;
  maxRequestsOnConnectionReached?: boolean;
}

/** The HTTP date Node itself writes, made once a second. */
let dateText = '';
let dateUntil = 0;
export function httpDate(): string {
  const now = Date.now();
  if (now >= dateUntil) {
    dateText = new Date(now).toUTCString();
    dateUntil = now - (now % 1000) + 1000;
  }
  return dateText;
}

/**
 * A response head exactly as Node's `writeHead` made it for one way of answering, cut around its Date line.
 * Checking and joining fifteen-odd headers (the security headers make most of them) is a good part of a
 * replay's own work, and they never change: so the first replay of a way goes through `writeHead`, its
 * result (`_header`, which Node's `headersSent` and widely used middleware read) is kept, and later ones
 * set it with the current date in place. Only while everything that shapes the head is as it was then: a
 * kept-alive HTTP/1.1 connection, the server's keep-alive timeout and request limit, a response nothing
 * else has touched. Anything else goes through `writeHead` as before.
 */
class PreparedHead {
  readonly keepAliveTimeout: number;
  readonly maxRequestsPerSocket: number;
  readonly #before: string;
  readonly #after: string;
  #date = '';
  #text = '';

  private constructor(res: NodeResponse, before: string, after: string) {
    this.keepAliveTimeout = res._keepAliveTimeout;
    this.maxRequestsPerSocket = res._maxRequestsPerSocket;
    this.#before = before;
    this.#after = after;
  }

  /** The head Node just made for `res`, if it has the one Date line it should; else null (never prepared). */
  static of(res: NodeResponse, date: string): PreparedHead | null {
    const header = res._header;
    if (typeof header !== 'string') return null;
    const line = `\r\nDate: ${date}\r\n`;
    const at = header.indexOf(line);
    if (at < 0 || header.indexOf('\r\nDate: ', at + 1) >= 0) return null;
    return new PreparedHead(res, header.slice(0, at + 2), header.slice(at + line.length - 2));
  }

  text(date: string): string {
    if (date !== this.#date) {
      this.#date = date;
      this.#text = `${this.#before}Date: ${date}${this.#after}`;
    }
    return this.#text;
  }
}

/** Whether `res` is a response whose head `writeHead` would make as the prepared one was made. */
function plain(res: NodeResponse): boolean {
  return (
    res.shouldKeepAlive &&
    res.useChunkedEncodingByDefault &&
    res.maxRequestsOnConnectionReached !== true &&
    !res._expect_continue &&
    res._header === null
  );
}

/** Sends one way of answering: with its prepared head when it applies, else through `writeHead`. */
function send(res: NodeResponse, way: Way): void {
  if (plain(res)) {
    const head = way.head;
    const date = httpDate();
    if (
      head !== null &&
      head.keepAliveTimeout === res._keepAliveTimeout &&
      head.maxRequestsPerSocket === res._maxRequestsPerSocket
    ) {
      res.statusCode = way.status;
      res.statusMessage = way.message;
      if (way.body === undefined) res._hasBody = false;
      res._header = head.text(date);
      res.end(way.body);
      return;
    }
    res.writeHead(way.status, way.headers);
    // Made with another date than this second's (a second boundary passed): the next replay tries again.
    way.head = PreparedHead.of(res, date);
  } else res.writeHead(way.status, way.headers);
  res.end(way.body);
}

/** Runs writeAnswer against a recorder to learn exactly the headers Express's answer would carry. */
function headersFor(
  base: [string, string][],
  answer: CachedAnswer,
  request: Pick<IncomingMessage, 'headers'>,
): string[] {
  const recorder = new HeaderRecorder(base);
  writeAnswer(request as IncomingMessage, recorder as unknown as ServerResponse, answer);
  return recorder.flat();
}

/** Just enough of a ServerResponse for writeAnswer: headers in, nothing sent. */
class HeaderRecorder {
  readonly #headers = new Map<string, [string, string]>();
  statusCode = 200;

  constructor(base: [string, string][]) {
    for (const [name, value] of base) this.#headers.set(name.toLowerCase(), [name, value]);
  }

  getHeader(name: string): string | undefined {
    return this.#headers.get(name.toLowerCase())?.[1];
  }

  setHeader(name: string, value: string | number): void {
    this.#headers.set(name.toLowerCase(), [name, String(value)]);
  }

  end(): void {}

  flat(): string[] {
    return [...this.#headers.values()].flat();
  }
}

export class PublicFastPath {
  readonly #entries = new Map<string, Entry>();
  #clock = 0;
  #encodings = new Map<string, Encoding | null>();

  /**
   * Records the cached answer Express is about to send, with the headers the middleware set so far. Only
   * for a GET without cookie or credentials, so nothing session-bound can be recorded, and only once its
   * compressed variants exist (the replay never compresses).
   */
  remember(
    req: IncomingMessage,
    res: ServerResponse,
    answer: CachedAnswer,
    options: RememberOptions = {},
  ): void {
    if (req.method !== 'GET' || req.headers.cookie !== undefined || req.headers.authorization !== undefined)
      return;
    if (!answer.ready) return;
    const version = options.version ?? NO_VERSION;
    // Made from data that has changed since (a write while it was being compressed): not worth keeping.
    if (version() !== answer.version) return;
    const base: [string, string][] = [];
    for (const [name, value] of Object.entries(res.getHeaders() as OutgoingHttpHeaders)) {
      if (PER_RESPONSE.has(name) || value === undefined) continue;
      // The CSP nonce is per response; a cached answer runs no nonce'd script (pages allow theirs by hash).
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      base.push([name, name === 'content-security-policy' ? text.replace(/\s*'nonce-[^']*'/g, '') : text]);
    }
    const way = (encoding: Encoding): Way | null =>
      answer.compresses(encoding)
        ? new Way(
            answer.status,
            headersFor(base, answer, { headers: { 'accept-encoding': encoding } }),
            answer.encoded(encoding),
          )
        : null;
    const h = req.headers;
    const key = keyOf(
      req.url,
      h.host ?? '',
      (h['x-forwarded-host'] as string | undefined) ?? '',
      (h['x-forwarded-proto'] as string | undefined) ?? '',
    );
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(key)) this.#evict();
    this.#entries.set(key, {
      answer,
      used: ++this.#clock,
      seen: answer.version,
      version,
      anyone: options.anyone ?? false,
      identity: new Way(answer.status, headersFor(base, answer, { headers: {} }), answer.body),
      br: way('br'),
      gzip: way('gzip'),
      notModified: new Way(
        304,
        headersFor(base, answer, { headers: { 'if-none-match': answer.etag } }),
        undefined,
      ),
      loggedUrl: loggedUrl(req.url),
    });
  }

  /**
   * Drops the least recently used entries. Emptying the whole map instead would let anyone who requests
   * many distinct addresses push every popular page back onto Express at once.
   */
  #evict(): void {
    const oldest = [...this.#entries].sort(([, a], [, b]) => a.used - b.used).slice(0, EVICT_AT_ONCE);
    for (const [key] of oldest) this.#entries.delete(key);
  }

  #encodingFor(acceptEncoding: string | undefined): Encoding | null {
    if (acceptEncoding === undefined) return null;
    let encoding = this.#encodings.get(acceptEncoding);
    if (encoding === undefined) {
      encoding = pickEncoding(acceptEncoding);
      // Browsers send a handful of distinct values; a client making up new ones cannot grow this forever.
      if (this.#encodings.size >= 100) this.#encodings = new Map();
      this.#encodings.set(acceptEncoding, encoding);
    }
    return encoding;
  }

  /**
   * Answers the request if an answer for its address was recorded and its data has not changed since:
   * then returns what the request log needs of it, else null (Express answers).
   */
  serve(req: IncomingMessage, res: ServerResponse): Replayed | null {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return null;
    if (!readAsked(req.rawHeaders)) return null;
    const entry = this.find(
      keyOf(req.url, asked.host, asked.forwardedHost, asked.forwardedProto),
      asked.credentials,
    );
    if (entry === null) return null;
    send(res as NodeResponse, this.wayFor(entry, asked.conditional ? req : null, asked.acceptEncoding));
    return entry;
  }

  /**
   * The entry recorded for `key` (see keyOf) if its data has not changed since and this request may have
   * it (`credentials`: it carries a cookie or an Authorization), else null.
   */
  find(key: string, credentials: boolean): Entry | null {
    const entry = this.#entries.get(key);
    if (entry === undefined) return null;
    if (!entry.anyone && credentials) return null;
    if (entry.version() !== entry.seen) {
      this.#entries.delete(key);
      return null;
    }
    entry.used = ++this.#clock;
    return entry;
  }

  /**
   * How to answer: 304 when the conditional request's copy is current (`conditional`: the request, when it
   * has If-None-Match or If-Modified-Since), else in the encoding the client accepts, else as it is.
   */
  wayFor(
    entry: Entry,
    conditional: Pick<IncomingMessage, 'headers'> | null,
    acceptEncoding: string | undefined,
  ): Way {
    if (conditional !== null && isNotModified(conditional as IncomingMessage, entry.answer))
      return entry.notModified;
    const encoding = this.#encodingFor(acceptEncoding);
    return (encoding === null ? null : entry[encoding]) ?? entry.identity;
  }
}

const byStore = new WeakMap<Store, PublicFastPath>();

/** The one fast path of the app over `store` (routers record into it, the app serves from it). */
export function publicFastPathFor(store: Store): PublicFastPath {
  let fastPath = byStore.get(store);
  if (!fastPath) {
    fastPath = new PublicFastPath();
    byStore.set(store, fastPath);
  }
  return fastPath;
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Puts the request log and the fast path in front of the app's request handling (Express calls
 * `app.handle` for every request), so replayed answers are logged like any other.
 */
export function installPublicFastPath(app: Express, { store }: Deps, log: RequestLog | null): void {
  const fastPath = publicFastPathFor(store);
  // Every server the app listens with answers replays from the connection first (http/public-front.ts).
  const listen = app.listen.bind(app) as (...args: unknown[]) => Server;
  app.listen = ((...args: unknown[]) => {
    const server = listen(...args);
    installPublicFront(server, fastPath, log);
    return server;
  }) as Express['listen'];
  const target = app as unknown as { handle: Handle };
  const handle = target.handle.bind(app);
  target.handle = log
    ? (req, res, next) => {
        const start = performance.now();
        const replayed = fastPath.serve(req, res);
        if (replayed !== null) log.answered(req, res.statusCode, start, replayed.loggedUrl);
        else {
          log.track(req, res, start);
          handle(req, res, next);
        }
      }
    : (req, res, next) => {
        if (fastPath.serve(req, res) === null) handle(req, res, next);
      };
}
