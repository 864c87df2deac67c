// The main thread's handle on the search worker: one worker per tab, started when first needed, with
// promise-returning requests. Without Worker support (or if it fails) search falls back to substring matching.
import type { SearchRequest, SearchResponse } from './search-protocol.ts';

type Pending = (response: SearchResponse) => void;

export interface SearchAnswer {
  ids: string[];
  terms: string[];
}

class SearchClient {
  #worker: Worker | null = null;
  #seq = 0;
  #pending = new Map<number, Pending>();
  #listeners = new Set<() => void>();
  #ready = false;
  #failed = false;

  get ready(): boolean {
    return this.#ready;
  }

  /** Calls `listener` when the index becomes ready (to search again with it). */
  onReady(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #start(): Worker | null {
    if (this.#worker || this.#failed) return this.#worker;
    if (typeof Worker === 'undefined') {
      this.#failed = true;
      return null;
    }
    try {
      this.#worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      this.#failed = true;
      return null;
    }
    this.#worker.onmessage = (event: MessageEvent<SearchResponse>) => this.#receive(event.data);
    this.#worker.onerror = () => {
      this.#failed = true;
      this.#ready = false;
    };
    return this.#worker;
  }

  #receive(response: SearchResponse) {
    if (response.type === 'ready') {
      this.#ready = true;
      for (const listener of this.#listeners) listener();
    } else if (response.type === 'search' || response.type === 'titles') {
      const resolve = this.#pending.get(response.seq);
      this.#pending.delete(response.seq);
      resolve?.(response);
    }
  }

  #post(request: SearchRequest) {
    this.#start()?.postMessage(request);
  }

  /** Starts the worker: it loads the saved index (or builds one) and brings it up to date. */
  start(): void {
    this.#start();
  }

  /** Tells a running worker the notes may have changed (a worker not started yet reads them when it starts). */
  refresh(): void {
    if (this.#worker) this.#post({ type: 'refresh' });
  }

  /** Ranked note ids for the search text; null when the index cannot answer yet (use the fallback). */
  search(text: string): Promise<SearchAnswer | null> {
    const worker = this.#start();
    if (!worker || !this.#ready) return Promise.resolve(null);
    const seq = ++this.#seq;
    return new Promise((resolve) => {
      this.#pending.set(seq, (response) =>
        resolve(
          response.type === 'search' && response.ready ? { ids: response.ids, terms: response.terms } : null,
        ),
      );
      worker.postMessage({ type: 'search', seq, text } satisfies SearchRequest);
    });
  }

  /** Notes by fuzzy title, best first (most recent first for an empty text). */
  titles(text: string, limit = 20): Promise<Array<{ id: string; title: string }>> {
    const worker = this.#start();
    if (!worker) return Promise.resolve([]);
    const seq = ++this.#seq;
    return new Promise((resolve) => {
      this.#pending.set(seq, (response) => resolve(response.type === 'titles' ? response.matches : []));
      worker.postMessage({ type: 'titles', seq, text, limit } satisfies SearchRequest);
    });
  }
}

export const searchClient = new SearchClient();
