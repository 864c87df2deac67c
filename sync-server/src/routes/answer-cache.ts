// Public GET answers serialised once and reused (bytes and ETag) until the store's next write, so a busy
// blog list costs one lookup per request instead of a JSON.stringify and a hash of the whole list.
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { Store } from '../storage/index.ts';

/** Shared caches may keep it, but everyone revalidates (cheap with the ETag), so a publish shows at once. */
export const PUBLIC_REVALIDATE = 'public, no-cache';
/** Feeds change rarely and readers poll them: a short freshness window. */
export const PUBLIC_FEED = 'public, max-age=300';
/** Anything that depends on the session or holds private data. */
export const NO_STORE = 'no-store';

export interface CachedAnswer {
  body: Buffer;
  etag: string;
}

export function toAnswer(text: string): CachedAnswer {
  const body = Buffer.from(text, 'utf8');
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return { body, etag: `W/"${body.length.toString(16)}-${hash}"` };
}

export class AnswerCache {
  readonly #store: Store;
  readonly #maxEntries: number;
  #seq = -1;
  #entries = new Map<string, CachedAnswer>();

  constructor(store: Store, maxEntries = 500) {
    this.#store = store;
    this.#maxEntries = maxEntries;
  }

  get(key: string, build: () => string): CachedAnswer {
    if (this.#store.seq !== this.#seq) {
      this.#entries.clear();
      this.#seq = this.#store.seq;
    }
    let answer = this.#entries.get(key);
    if (!answer) {
      answer = toAnswer(build());
      // Searches are open-ended: a bounded cache keeps a crawler from growing it without end.
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      this.#entries.set(key, answer);
    }
    return answer;
  }
}

/** Sends the bytes with their ETag; Express answers 304 when the request's If-None-Match matches. */
export function sendAnswer(
  res: Response,
  answer: CachedAnswer,
  contentType: string,
  cacheControl: string,
): void {
  res.set('Cache-Control', cacheControl);
  res.set('ETag', answer.etag);
  res.type(contentType);
  res.send(answer.body);
}
