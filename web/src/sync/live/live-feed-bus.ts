// The tab's own news of feeds that moved, from its live channel or relayed by the tab that holds it. The sync
// engine (notes, trash), the study sync (cards, reviews) and the page cache (screens' server reads) listen.
import type { LiveFeed, LiveWriter } from '@private-notes/shared';

/**
 * `own`: the commit was this device's own, made by that writer (its round pulls it already); a listener may
 * skip the pulls that writer makes, never anything else.
 */
export type LiveFeedsListener = (feeds: readonly LiveFeed[], own?: LiveWriter) => void;

export interface LiveFeedBus {
  subscribe(listener: LiveFeedsListener): () => void;
  emit(feeds: readonly LiveFeed[], own?: LiveWriter): void;
}

export function createLiveFeedBus(): LiveFeedBus {
  const listeners = new Set<LiveFeedsListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(feeds, own) {
      if (feeds.length === 0) return;
      for (const listener of listeners) listener(feeds, own);
    },
  };
}

/** This tab's bus. */
export const liveFeedBus = createLiveFeedBus();
