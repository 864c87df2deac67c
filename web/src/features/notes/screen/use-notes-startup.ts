// What the notes screen starts once its first screenful is read and painted: the sync engine and the service
// worker (on a reload with thousands of notes their work would otherwise queue ahead of the first cards), and
// the parts the list opens (preloaded when idle, after the sync engine's chunk).
import { useEffect } from 'react';
import { earlyFeedAnswer } from '../../../sync/early-feed.ts';
import { appSyncLoaded, loadAppSync } from '../../../sync/load-app-sync.ts';
import {
  afterFirstScreen,
  firstScreenShown,
  holdIdleWork,
  idleAfterFirstScreen,
} from '../../../ui/after-first-screen.ts';
import { preloadAllParts } from './note-parts.ts';

/**
 * `awaitingFirstSync`: a new device's first sync is under way. The work that waits for an idle moment (the
 * service worker, whose install downloads the whole app and has the server render pages; the list's parts;
 * study mode's chunks) waits for it to end as well: beside it, it took the CPU that fetching, parsing and
 * storing the notes needed (docs/decisions/first-sync-holds-background-work.md).
 */
export function useNotesStartup(firstScreenRead: boolean, awaitingFirstSync = false): void {
  useEffect(() => (awaitingFirstSync ? holdIdleWork() : undefined), [awaitingFirstSync]);
  // (An effect runs after the commit that shows those cards.)
  useEffect(() => {
    if (!firstScreenRead) return;
    firstScreenShown();
    // A load that fails (the connection dropped before the service worker had the app) is tried again once
    // the browser is back online.
    const start = () =>
      void loadAppSync()
        .then(({ startSync }) => startSync())
        .catch(() => window.addEventListener('online', start, { once: true }));
    const cancelSync = afterFirstScreen(start);
    const cancelWorker = idleAfterFirstScreen(
      () =>
        void import('../../../pwa/register-service-worker.ts')
          .then(({ registerServiceWorker }) => registerServiceWorker())
          .catch(() => {}),
    );
    return () => {
      cancelSync();
      cancelWorker();
    };
  }, [firstScreenRead]);
  // A new device, whose page asked for its first notes early: the engine that stores them downloads while
  // those cards render (it starts once they are painted, as everywhere), rather than after them.
  useEffect(() => {
    if (earlyFeedAnswer()) void loadAppSync().catch(() => {});
  }, []);
  // The parts the list opens load when the first screen is painted and idle, and once the sync engine has
  // loaded: their files, parsed ahead of either, held back the first cards and a new device's first feed page.
  useEffect(
    () => idleAfterFirstScreen(() => void appSyncLoaded().then(preloadAllParts, preloadAllParts)),
    [],
  );
}
