// A replay cache in front of Express for everything public and cached: blog JSON answers, server-rendered
// public pages, feeds and build files. Once Express has answered a GET with a cached answer, the same
// address is answered from the answer's bytes (identity, br or gzip, as the client accepts) and the
// headers the middleware set (security headers included), without Express's per-request set-up, which on
// this machine costs more than the whole answer. An entry lasts while the data it shows is unchanged (its
// own version function: the blog's content for blog answers and pages, nothing for build files). Anything
// not remembered, or remembered before the last change, goes through Express as usual, so the fast path
// can only ever replay an answer Express itself gave.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Express } from 'express';
import type { Deps } from '../app.ts';
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

/** Raw header lists (name, value, name, value, …) ready for `writeHead`, one per way of answering. */
interface Entry extends Replayed {
  answer: CachedAnswer;
  /** When it was last recorded or replayed (a counter): the least recently used go first when full. */
  used: number;
  seen: number;
  version: () => number;
  anyone: boolean;
  identity: string[];
  br: string[] | null;
  gzip: string[] | null;
  notModified: string[];
}

/** The key: the address as asked, with what decides the absolute URLs a page or feed embeds. */
function keyOf(req: IncomingMessage): string {
  const h = req.headers;
  return `${req.url}\0${h.host ?? ''}\0${h['x-forwarded-host'] ?? ''}\0${h['x-forwarded-proto'] ?? ''}`;
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
    const compressed = (encoding: Encoding) =>
      answer.compresses(encoding)
        ? headersFor(base, answer, { headers: { 'accept-encoding': encoding } })
        : null;
    const key = keyOf(req);
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(key)) this.#evict();
    this.#entries.set(key, {
      answer,
      used: ++this.#clock,
      seen: answer.version,
      version,
      anyone: options.anyone ?? false,
      identity: headersFor(base, answer, { headers: {} }),
      br: compressed('br'),
      gzip: compressed('gzip'),
      notModified: headersFor(base, answer, { headers: { 'if-none-match': answer.etag } }),
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
    const headers = req.headers;
    // Byte ranges stay with the static file server.
    if (headers.range !== undefined) return null;
    const key = keyOf(req);
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (!entry.anyone && (headers.cookie !== undefined || headers.authorization !== undefined)) return null;
    if (entry.version() !== entry.seen) {
      this.#entries.delete(key);
      return null;
    }
    entry.used = ++this.#clock;
    const { answer } = entry;
    if (
      (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) &&
      isNotModified(req, answer)
    ) {
      res.writeHead(304, entry.notModified);
      res.end();
      return entry;
    }
    const encoding = this.#encodingFor(headers['accept-encoding']);
    const variant = encoding === null ? null : entry[encoding];
    if (encoding !== null && variant !== null) {
      res.writeHead(answer.status, variant);
      res.end(answer.encoded(encoding));
    } else {
      res.writeHead(answer.status, entry.identity);
      res.end(answer.body);
    }
    return entry;
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
