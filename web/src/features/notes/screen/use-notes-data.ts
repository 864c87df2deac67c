// The notes screen's data and first-sync state: all notes (read once the first screenful is painted), the
// newest page meanwhile, a new device's early first page, the count, and what the screen shows while a first
// sync has not ended (never "No notes yet" while the notes may be on their way).

import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { db } from '../../../db/db.ts';
import { type PullProgress, readCursor } from '../../../sync/sync-cursor.ts';
import { afterFirstScreen } from '../../../ui/after-first-screen.ts';
import { useEarlyFeedRows } from '../use-early-feed-rows.ts';
import { useFirstPage, useLocalNotes, useNoteCount } from '../use-local-notes.ts';
import { useRevealedNotes } from '../use-revealed-notes.ts';
import { useSyncStatus } from '../use-sync-status.ts';
import { inListOrder } from './in-list-order.ts';

export function useNotesData() {
  const [firstPageDone, setFirstPageDone] = useState(false);
  const syncStatus = useSyncStatus();
  // A first sync stores page after page: reading every note after each would hold the writes back, so the
  // newest notes stored show meanwhile (useFirstPage) and the whole list is read once when it ends.
  const firstSyncing = syncStatus.firstSync !== null;
  const [lastProgress, setLastProgress] = useState<PullProgress | null>(null);
  // Kept while rendering, not in an effect, which would render the whole screen once more per stored page.
  if (syncStatus.firstSync && syncStatus.firstSync !== lastProgress) setLastProgress(syncStatus.firstSync);
  // Undefined while read; a device that never finished a sync has no cursor. A yes or no, not the cursor
  // itself, which moves with every page stored and would render the screen again each time.
  const hasCursor = useLiveQuery(
    () =>
      readCursor(db).then(
        (cursor) => cursor !== null,
        () => false,
      ),
    [],
  );
  const loaded = useLocalNotes(firstPageDone && !firstSyncing);
  // Locked notes read in plain text (in memory) while the vault is unlocked, as "Locked note" otherwise.
  const notes = useRevealedNotes(loaded?.notes);
  const loadError = loaded?.error ?? null;
  const firstPage = useRevealedNotes(useFirstPage(notes === undefined));
  // A new device: the first feed page its shell asked for while the scripts loaded, until the database has notes.
  const earlyRows = useEarlyFeedRows();
  const noteCount = useNoteCount();
  // The full read waits for the first screenful (see useFirstPage), and for it to be painted: reading 10,000
  // notes takes the main thread a while, which would otherwise come before the first cards' frame.
  useEffect(() => {
    if (firstPage !== undefined) return afterFirstScreen(() => setFirstPageDone(true));
  }, [firstPage]);

  // Sync and the service worker start once the first screenful has been read and painted. On a new device that
  // read answers at once (nothing stored), so the first sync is not held back; one whose early first page is on
  // its way waits for it (briefly: useEarlyFeedRows), so the sync engine's chunk is not parsed just ahead of
  // those cards.
  const firstScreenRead =
    (firstPage !== undefined && (earlyRows !== undefined || (firstPage?.length ?? 0) > 0)) ||
    loaded !== undefined;

  const awaitingFirstSync =
    firstSyncing ||
    (hasCursor !== true &&
      syncStatus.lastSyncedAt === null &&
      (syncStatus.kind === 'pending' || syncStatus.kind === 'syncing'));
  // A device that never finished a sync and cannot reach the server now (offline, a failing server, a session to
  // renew): what its list lacks is on the server, not gone. It says so, never "No notes yet" or "0 notes".
  const firstSyncStalled =
    !firstSyncing &&
    hasCursor === false &&
    syncStatus.lastSyncedAt === null &&
    (syncStatus.kind === 'offline' || syncStatus.kind === 'error' || syncStatus.kind === 'unauthorized');
  const listEmptyAwaitingSync = (awaitingFirstSync || firstSyncStalled) && notes?.length === 0;
  // While all notes load, the newest ones (the default order) are already on screen: from the database, or on a
  // new device whose database has none yet, from the early first page (the same notes, once the engine stores it).
  const firstRows =
    !notes || listEmptyAwaitingSync
      ? firstPage && firstPage.length > 0
        ? firstPage
        : awaitingFirstSync || firstSyncStalled
          ? earlyRows
          : null
      : null;
  const firstCards = useMemo(() => (firstRows ? inListOrder(firstRows) : firstRows), [firstRows]);

  return {
    notes,
    loadError,
    noteCount,
    syncStatus,
    lastProgress,
    firstScreenRead,
    awaitingFirstSync,
    firstSyncStalled,
    listEmptyAwaitingSync,
    firstCards,
  };
}

export type NotesData = ReturnType<typeof useNotesData>;
