// The owner's screens' live channel, started by the private layout once signed in (loaded on demand, off
// the first paint): one channel per browser, its news on this tab's bus for the sync engine and the study
// sync, and the page cache's server reads invalidated by the feeds that moved.
import { invalidateLiveFeeds } from '../../api/live-invalidation.ts';
import type { PageCache } from '../../api/page-cache.ts';
import { vaultHeaderMoved } from '../../vault/vault-status.ts';
import { loadedSyncEngine } from '../load-app-sync.ts';
import { liveFeedBus } from './live-feed-bus.ts';
import { startBrowserLiveSync } from './live-sync.ts';

export function startAppLive(cache: PageCache): () => void {
  const unfollow = liveFeedBus.subscribe((feeds) => {
    invalidateLiveFeeds(cache, feeds);
    if (feeds.includes('vault')) void vaultHeaderMoved();
  });
  // Signed out elsewhere (the channel closed, then 401): a round now says "Sign in again" at once.
  const live = startBrowserLiveSync(liveFeedBus, (state) => {
    if (state === 'unauthorized') void loadedSyncEngine()?.syncNow();
  });
  return () => {
    live.stop();
    unfollow();
  };
}
