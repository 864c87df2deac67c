// Post views, counted in memory and written in batches: a view is a statistic, not content, so counting
// one neither waits for the disk nor throws away the blog's cached pages and answers. Pending counts are
// written every few seconds (and on close) as silent updates, and public answers show them from the next
// change of the blog's content on. A crash loses at most the last few seconds of views.
import type { Store } from '../storage/index.ts';

/** How long views gather before one write stores them all. */
export const VIEW_FLUSH_MS = 5000;

export class ViewCounter {
  readonly #store: Store;
  #pending = new Map<number, number>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(store: Store) {
    this.#store = store;
  }

  /** Counts one view of a published post: the new total, or null when the post is unknown or a draft. */
  count(id: number): number | null {
    const post = this.#store.get('posts', id);
    if (!post?.published) return null;
    const pending = (this.#pending.get(id) ?? 0) + 1;
    this.#pending.set(id, pending);
    this.#timer ??= setTimeout(() => void this.flush().catch(() => {}), VIEW_FLUSH_MS).unref();
    return post.views + pending;
  }

  /** Views counted but not yet stored for post `id`. */
  pendingFor(id: number): number {
    return this.#pending.get(id) ?? 0;
  }

  /** True while some views are not stored yet. */
  get hasPending(): boolean {
    return this.#pending.size > 0;
  }

  /** Stores every pending view in one write; resolves once it is on disk. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#pending;
    if (batch.size === 0) return this.#flushing;
    this.#pending = new Map();
    this.#flushing = this.#store.write((tx) => {
      for (const [id, views] of batch) {
        const post = tx.get('posts', id);
        // A post deleted meanwhile simply loses its pending views.
        if (post) tx.update('posts', id, { views: post.views + views }, { silent: true });
      }
    });
    return this.#flushing;
  }
}

const byStore = new WeakMap<Store, ViewCounter>();

/** The one view counter of `store`, shared by every BlogService over it. */
export function viewCounterFor(store: Store): ViewCounter {
  let counter = byStore.get(store);
  if (!counter) {
    counter = new ViewCounter(store);
    byStore.set(store, counter);
  }
  return counter;
}
