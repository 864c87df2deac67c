// A micro-cache in front of Express for the public blog reads: once Express has answered an anonymous
// GET such as /api/blog, the same URL is answered from the cached bytes and the recorded headers (security
// headers included) until the next write to the store, without Express's per-request set-up, which on
// this machine costs more than the whole answer (measured: a bare Express route serves a 225 KB body at
// under half the rate of node:http). Anything not remembered, or remembered before the last write, goes
// through Express as usual, so the fast path can only ever replay an answer Express itself gave.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';
import type { Deps } from '../app.ts';
import type { Store } from '../storage/index.ts';
import { type CachedAnswer, writeAnswer } from './answer-cache.ts';

/** Headers that belong to one request or one body, never replayed. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const MAX_ENTRIES = 200;

interface Entry {
  seq: number;
  answer: CachedAnswer;
  headers: [string, OutgoingHttpHeaders[string]][];
}

export class PublicFastPath {
  readonly #store: Store;
  readonly #entries = new Map<string, Entry>();

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * Records the answer Express is about to send, with the headers the middleware set so far. Only for an
   * anonymous GET (no cookie), so nothing session-bound can be recorded.
   */
  remember(req: Request, res: Response, answer: CachedAnswer): void {
    if (req.method !== 'GET' || req.headers.cookie !== undefined || req.headers.authorization !== undefined)
      return;
    const headers: Entry['headers'] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (PER_RESPONSE.has(name) || value === undefined) continue;
      // The CSP nonce is per response; a JSON answer runs no script, so the replayed policy simply has none.
      const replayed =
        name === 'content-security-policy' ? String(value).replace(/\s*'nonce-[^']*'/g, '') : value;
      headers.push([name, replayed]);
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(req.originalUrl, { seq: this.#store.seq, answer, headers });
  }

  /** Answers the request if an answer for its exact URL was recorded at the current data version. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const entry = this.#entries.get(req.url ?? '');
    if (!entry) return false;
    if (entry.seq !== this.#store.seq) {
      this.#entries.delete(req.url ?? '');
      return false;
    }
    for (const [name, value] of entry.headers) if (value !== undefined) res.setHeader(name, value);
    writeAnswer(req, res, entry.answer);
    return true;
  }
}

const byStore = new WeakMap<Store, PublicFastPath>();

/** The one fast path of the app over `store` (the blog router records into it, the app serves from it). */
export function publicFastPathFor(store: Store): PublicFastPath {
  let fastPath = byStore.get(store);
  if (!fastPath) {
    fastPath = new PublicFastPath(store);
    byStore.set(store, fastPath);
  }
  return fastPath;
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Puts the fast path in front of the app's request handling (Express calls `app.handle` for every
 * request). Not installed when requests are logged, because answers it gives would be missing from the log.
 */
export function installPublicFastPath(app: Express, { store, config }: Deps): void {
  if (config.logRequests) return;
  const fastPath = publicFastPathFor(store);
  const target = app as unknown as { handle: Handle };
  const handle = target.handle.bind(app);
  target.handle = (req, res, next) => {
    if (!fastPath.serve(req, res)) handle(req, res, next);
  };
}
