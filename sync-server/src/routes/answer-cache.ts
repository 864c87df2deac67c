// Public GET answers serialised once and reused (bytes, ETag, and brotli and gzip forms made once off the
// event loop) until the data they show changes, so a busy blog list costs a lookup per request instead of
// a JSON.stringify, a hash and a compression.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** Shared caches may keep it, but everyone revalidates (cheap with the ETag), so a publish shows at once. */
export const PUBLIC_REVALIDATE = 'public, no-cache';
/** Feeds change rarely and readers poll them: a short freshness window. */
export const PUBLIC_FEED = 'public, max-age=300';
/** Anything that depends on the session or holds private data. */
export const NO_STORE = 'no-store';

/** Below this, compressing saves less than its headers cost (the compression middleware's own default). */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Made once per answer and off the event loop, so a high brotli quality pays: 9 is within about 5 per cent
 * of 11 on this text at a tenth of the time (≈ 4 ms against ≈ 75 ms for a 210 KB blog list).
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };
const GZIP_OPTIONS = { level: 9 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface AnswerOptions {
  /** 200 unless given (a cached "not found" page is 404: never a 304). */
  status?: number;
  /** The version of the data the answer was made from (see AnswerCache); 0 for what never changes. */
  version?: number;
  /** For files: answers If-Modified-Since as static file servers do. */
  lastModified?: Date;
  /** A ready-made ETag (files keep the one `send` gives: size and modification time). */
  etag?: string;
  /** Variants made elsewhere (files precompressed at build time). */
  variants?: Partial<Record<Encoding, Buffer>>;
  /** With `variants`: whether the type is one that is compressed at all (Vary: Accept-Encoding). */
  varies?: boolean;
}

/** An answer kept as bytes with its ETag and its brotli and gzip variants, replayed until its data changes. */
export class CachedAnswer {
  readonly body: Buffer;
  readonly etag: string;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly status: number;
  readonly version: number;
  readonly lastModified: string | null;
  /** Whether the answer varies with Accept-Encoding (a file with no compressed variant does not). */
  readonly varies: boolean;
  readonly #lastModifiedMs: number;
  /** Variants came from the build: a missing one means "not worth it", never "make it now". */
  readonly #fromFiles: boolean;
  #gzip: Buffer | null = null;
  #br: Buffer | null = null;
  #prepared: Promise<void> | null = null;
  #ready = false;

  constructor(text: string | Buffer, contentType: string, cacheControl: string, options: AnswerOptions = {}) {
    this.body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.contentType = contentType;
    this.cacheControl = cacheControl;
    this.status = options.status ?? 200;
    this.version = options.version ?? 0;
    // Whole seconds, as HTTP dates carry them.
    this.#lastModifiedMs = options.lastModified
      ? Math.floor(options.lastModified.getTime() / 1000) * 1000
      : 0;
    this.lastModified = options.lastModified ? options.lastModified.toUTCString() : null;
    this.#br = options.variants?.br ?? null;
    this.#gzip = options.variants?.gzip ?? null;
    this.#fromFiles = options.variants !== undefined;
    if (this.#fromFiles) {
      this.#prepared = Promise.resolve();
      this.#ready = true;
    }
    this.varies = options.varies ?? true;
    // Weak: the identity, gzip and br bodies are the same representation to a cache (Vary: Accept-Encoding).
    // The same form as Express's own ETag of the same body.
    this.etag =
      options.etag ??
      `W/"${this.body.length.toString(16)}-${createHash('sha1').update(this.body).digest('base64').slice(0, 27)}"`;
  }

  /** The bytes this answer holds: its body and the compressed forms made so far. */
  get bytes(): number {
    return this.body.length + (this.#br?.length ?? 0) + (this.#gzip?.length ?? 0);
  }

  /** Whether a client asking for `encoding` gets a compressed body (large enough, and a variant exists). */
  compresses(encoding: Encoding | null): encoding is Encoding {
    if (encoding === null || this.body.length < COMPRESS_MIN_BYTES) return false;
    if (!this.#fromFiles) return true;
    return (encoding === 'br' ? this.#br : this.#gzip) !== null;
  }

  /** True once the variants are made (or the answer is too small to need them). */
  get ready(): boolean {
    return this.#ready || this.body.length < COMPRESS_MIN_BYTES;
  }

  /** Makes the brotli and gzip variants once, on libuv's thread pool; every caller shares the same work. */
  prepare(): Promise<void> {
    this.#prepared ??= (async () => {
      if (this.body.length < COMPRESS_MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotliAsync(this.body, BROTLI_OPTIONS),
        gzipAsync(this.body, GZIP_OPTIONS),
      ]);
      this.#br = br;
      this.#gzip = gz;
    })()
      // A failure is not the visitor's problem: encoded() then makes the variant synchronously instead.
      .catch(() => {})
      .finally(() => {
        this.#ready = true;
      });
    return this.#prepared;
  }

  /** The variant's bytes: made synchronously here only if prepare() has not run (it normally has). */
  encoded(encoding: Encoding): Buffer {
    if (encoding === 'br') {
      this.#br ??= brotliCompressSync(this.body, BROTLI_OPTIONS);
      return this.#br;
    }
    this.#gzip ??= gzipSync(this.body, GZIP_OPTIONS);
    return this.#gzip;
  }

  /** For If-Modified-Since: whether the client's copy is at least as new as this answer. */
  unmodifiedSince(header: string): boolean {
    if (this.lastModified === null) return false;
    const since = Date.parse(header);
    return !Number.isNaN(since) && this.#lastModifiedMs <= since;
  }
}

/**
 * Answers built once per version of the data they show (`version()`, e.g. the blog's content version), so
 * a write elsewhere (a note autosave, a sign-in, a view) keeps them.
 */
export class AnswerCache {
  readonly #version: () => number;
  readonly #maxEntries: number;
  #seen = -1;
  #entries = new Map<string, CachedAnswer>();

  constructor(version: () => number, maxEntries = 500) {
    this.#version = version;
    this.#maxEntries = maxEntries;
  }

  get(key: string, contentType: string, cacheControl: string, build: () => string): CachedAnswer {
    const version = this.#version();
    if (version !== this.#seen) {
      this.#entries.clear();
      this.#seen = version;
    }
    let answer = this.#entries.get(key);
    if (!answer) {
      answer = new CachedAnswer(build(), contentType, cacheControl, { version });
      // Searches are open-ended: a bounded cache keeps a crawler from growing it without end.
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      this.#entries.set(key, answer);
    }
    return answer;
  }
}

/** True when the request's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matchesEtag(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  // A request that insists on a fresh copy gets one.
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** Brotli when accepted at all (browsers list it last, but it is the smaller answer), else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    if (name === 'br' || name === '*') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * Sends a cached answer, first making its compressed variants (once, off the event loop) when the client
 * accepts one and the answer has none yet.
 */
export async function sendAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: CachedAnswer,
): Promise<void> {
  if (
    !answer.ready &&
    answer.compresses(pickEncoding(req.headers['accept-encoding'])) &&
    !isNotModified(req, answer)
  )
    await answer.prepare();
  writeAnswer(req, res, answer);
}

/**
 * Responses written from a cached answer: the compression middleware must leave them alone (an identity
 * answer was chosen on purpose, e.g. a build file whose gzip form would not be smaller).
 */
const fromCache = new WeakSet<ServerResponse>();

/** The compression middleware's filter: everything not answered from a cached answer. */
export function answeredFromCache(res: ServerResponse): boolean {
  return fromCache.has(res);
}

/** Adds Accept-Encoding to the Vary header the answer already has (a page varies on Cookie too). */
function varyOnEncoding(res: ServerResponse): void {
  const vary = res.getHeader('Vary');
  if (vary === undefined) res.setHeader('Vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary))) res.setHeader('Vary', `${String(vary)}, Accept-Encoding`);
}

/** A conditional GET that the client's copy satisfies: ETag first, else the modification date. */
export function isNotModified(req: IncomingMessage, answer: CachedAnswer): boolean {
  if (answer.status !== 200) return false;
  if (req.headers['if-none-match'] !== undefined) return matchesEtag(req, answer.etag);
  const since = req.headers['if-modified-since'];
  if (since === undefined || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? ''))
    return false;
  return answer.unmodifiedSince(since);
}

/**
 * Sends the cached bytes, pre-compressed when the client accepts it (the compression middleware leaves an
 * answer that already has a Content-Encoding alone), or 304 when the client's copy is current. Plain Node
 * calls, so the fast path (public-fast-path.ts) can use it before Express has touched the request.
 */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): void {
  fromCache.add(res);
  res.setHeader('Cache-Control', answer.cacheControl);
  res.setHeader('ETag', answer.etag);
  if (answer.lastModified !== null) res.setHeader('Last-Modified', answer.lastModified);
  if (answer.varies) varyOnEncoding(res);
  if (isNotModified(req, answer)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  let body = answer.body;
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (answer.compresses(encoding)) {
    body = answer.encoded(encoding);
    res.setHeader('Content-Encoding', encoding);
  }
  res.statusCode = answer.status;
  res.setHeader('Content-Type', answer.contentType);
  res.setHeader('Content-Length', body.length);
  // Node sends no body for HEAD by itself.
  res.end(body);
}
