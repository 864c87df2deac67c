// Public GET answers serialised once and reused (bytes, ETag and compressed forms) until the store's next
// write, so a busy blog list costs a lookup per request instead of a JSON.stringify, a hash and a gzip.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Store } from '../storage/index.ts';

/** Shared caches may keep it, but everyone revalidates (cheap with the ETag), so a publish shows at once. */
export const PUBLIC_REVALIDATE = 'public, no-cache';
/** Feeds change rarely and readers poll them: a short freshness window. */
export const PUBLIC_FEED = 'public, max-age=300';
/** Anything that depends on the session or holds private data. */
export const NO_STORE = 'no-store';

/** Below this, compressing saves less than its headers cost (the compression middleware's own default). */
const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

export class CachedAnswer {
  readonly body: Buffer;
  readonly etag: string;
  readonly contentType: string;
  readonly cacheControl: string;
  #gzip: Buffer | null = null;
  #br: Buffer | null = null;

  constructor(text: string, contentType: string, cacheControl: string) {
    this.body = Buffer.from(text, 'utf8');
    this.contentType = contentType;
    this.cacheControl = cacheControl;
    const hash = createHash('sha1').update(this.body).digest('base64').slice(0, 27);
    // Weak: the identity, gzip and br bodies are the same representation to a cache (Vary: Accept-Encoding).
    this.etag = `W/"${this.body.length.toString(16)}-${hash}"`;
  }

  /** Compressed once, on first demand; a moderate brotli level keeps that first request quick. */
  encoded(encoding: Encoding): Buffer {
    if (encoding === 'br') {
      this.#br ??= brotliCompressSync(this.body, BROTLI_OPTIONS);
      return this.#br;
    }
    this.#gzip ??= gzipSync(this.body);
    return this.#gzip;
  }

  /**
   * As encoded(), on libuv's thread pool: a large answer (the owner's subscriber list, ~1.8 MB) would
   * otherwise hold the event loop for tens of milliseconds while the same page's scripts are being served.
   */
  async encode(encoding: Encoding): Promise<void> {
    if (encoding === 'br') this.#br ??= await brotliAsync(this.body, BROTLI_OPTIONS);
    else this.#gzip ??= await gzipAsync(this.body);
  }
}

const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export class AnswerCache {
  readonly #store: Store;
  readonly #maxEntries: number;
  #seq = -1;
  #entries = new Map<string, CachedAnswer>();

  constructor(store: Store, maxEntries = 500) {
    this.#store = store;
    this.#maxEntries = maxEntries;
  }

  get(key: string, contentType: string, cacheControl: string, build: () => string): CachedAnswer {
    if (this.#store.seq !== this.#seq) {
      this.#entries.clear();
      this.#seq = this.#store.seq;
    }
    let answer = this.#entries.get(key);
    if (!answer) {
      answer = new CachedAnswer(build(), contentType, cacheControl);
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

/** writeAnswer for large answers: compresses off the event loop first (once per answer). */
export async function writeLargeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: CachedAnswer,
): Promise<void> {
  const encoding =
    answer.body.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding && !matchesEtag(req, answer.etag)) await answer.encode(encoding);
  writeAnswer(req, res, answer);
}

/**
 * Sends the cached bytes, pre-compressed when the client accepts it (the compression middleware leaves an
 * answer that already has a Content-Encoding alone), or 304 when the client's ETag matches. Plain Node
 * calls, so the fast path (public-fast-path.ts) can use it before Express has touched the request.
 */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): void {
  res.setHeader('Cache-Control', answer.cacheControl);
  res.setHeader('ETag', answer.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (matchesEtag(req, answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  let body = answer.body;
  const encoding = body.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    body = answer.encoded(encoding);
    res.setHeader('Content-Encoding', encoding);
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', answer.contentType);
  res.setHeader('Content-Length', body.length);
  // Node sends no body for HEAD by itself.
  res.end(body);
}
