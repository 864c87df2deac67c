// What makes the engine sync besides local changes: the network coming back (or going), the page shown
// again, another device's change named by the live channel, and the periodic round. Returns the function
// that stops listening.
import type { LiveFeedBus } from './live/live-feed-bus.ts';

export interface SyncTriggers {
  /** Where `online`/`offline` arrive (the window); null: none. */
  network: EventTarget | null;
  /** The page whose `visibilitychange` counts (the document); null: none. */
  page: (EventTarget & { visibilityState: DocumentVisibilityState }) | null;
  live: Pick<LiveFeedBus, 'subscribe'> | null;
  periodMs: number;
  onOnline(): void;
  onOffline(): void;
  onVisible(): void;
  /** Notes or the Trash moved on the server. */
  onRemoteChange(): void;
  onPeriod(): void;
}

export function watchSyncTriggers(triggers: SyncTriggers): () => void {
  const cleanups: (() => void)[] = [];
  const { network, page, live } = triggers;
  if (network) {
    const onOnline = () => triggers.onOnline();
    const onOffline = () => triggers.onOffline();
    network.addEventListener('online', onOnline);
    network.addEventListener('offline', onOffline);
    cleanups.push(() => network.removeEventListener('online', onOnline));
    cleanups.push(() => network.removeEventListener('offline', onOffline));
  }
  if (page) {
    const onVisibility = () => {
      if (page.visibilityState === 'visible') triggers.onVisible();
    };
    page.addEventListener('visibilitychange', onVisibility);
    cleanups.push(() => page.removeEventListener('visibilitychange', onVisibility));
  }
  if (live) {
    cleanups.push(
      live.subscribe((feeds, own) => {
        // This browser's own batch push: the round that sent it pulls again once answered (sync-round.ts),
        // and every tab shares the database it pulls into.
        if (own === 'notes-push') return;
        if (feeds.includes('notes') || feeds.includes('trash')) triggers.onRemoteChange();
      }),
    );
  }
  const interval = setInterval(() => triggers.onPeriod(), triggers.periodMs);
  cleanups.push(() => clearInterval(interval));
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
