// The tab's own news of feeds that moved, from its live channel or relayed by the tab that holds it. The sync
// engine (notes, trash), the study sync (cards, reviews) and the page cache (screens' server reads) listen.
import type { LiveFeed } from '@private-notes/shared';

export type LiveFeedsListener = (feeds: readonly LiveFeed[]) => void;

export interface LiveFeedBus {
  subscribe(listener: LiveFeedsListener): () => void;
  emit(feeds: readonly LiveFeed[]): void;
}

export function createLiveFeedBus(): LiveFeedBus {
  const listeners = new Set<LiveFeedsListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(feeds) {
      if (feeds.length === 0) return;
      for (const listener of listeners) listener(feeds);
    },
  };
}

/** This tab's bus. */
export const liveFeedBus = createLiveFeedBus();
