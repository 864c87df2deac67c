// The notes screen's data: every live note from the local database, kept current by live queries. Undefined
// only while the database opens; never waits on the network.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/db.ts';
import { dropShellFirstPage, FIRST_PAGE_SIZE, shellFirstPage } from '../../db/first-page-script.ts';
import type { LocalNote } from '../../db/types.ts';
import { coalescedLiveRead } from './coalesced-live-read.ts';

// Opening IndexedDB takes a moment: start when the notes code loads, while React and the UI kit still render,
// rather than when the screen first asks. A failure is reported by the queries themselves.
if (typeof indexedDB !== 'undefined') void db.open().catch(() => {});

export type LocalNotesResult = { notes: LocalNote[]; error: null } | { notes: undefined; error: string };

/** SPEC section 8: what a failed read of the notes says (the browser refused the database, e.g. storage off). */
export const NOTES_FETCH_ERROR = 'Failed to fetch notes';

/**
 * Every live note, read again after changes, but once per burst of writes rather than once per write (an import
 * writes 500 notes at a time; see coalesced-live-read.ts).
 */
export function useLocalNotes(start = true): LocalNotesResult | undefined {
  const [result, setResult] = useState<LocalNotesResult | undefined>(undefined);
  useEffect(() => {
    if (!start) {
      setResult(undefined);
      return;
    }
    return coalescedLiveRead({
      watch: () => db.notes.count(),
      read: () => db.notes.where('deleted').equals(0).toArray(),
      onResult: (notes) => setResult({ notes, error: null }),
      onError: () => setResult({ notes: undefined, error: NOTES_FETCH_ERROR }),
    });
  }, [start]);
  return result;
}

export function useLocalNote(id: string | null): LocalNote | undefined {
  return useLiveQuery(async () => (id ? db.notes.get(id) : undefined), [id]);
}

export { FIRST_PAGE_SIZE };

/**
 * The most recently updated notes, read through the updatedAt index, so the first cards show before all
 * notes are loaded (10,000 notes take a while to read; thirty do not). Null once `enabled` turns false.
 * IndexedDB serves reads one after another, so the full read must start after this one, not beside it.
 */
export function useFirstPage(enabled: boolean): LocalNote[] | null | undefined {
  // What the page's shell read at load (first-page-script.ts): the first render has its cards at once.
  const [shellRows] = useState(shellFirstPage);
  useEffect(dropShellFirstPage, []);
  return useLiveQuery(
    async () =>
      enabled
        ? db.notes
            .orderBy('updatedAt')
            .reverse()
            .filter((note) => !note.deleted)
            .limit(FIRST_PAGE_SIZE)
            .toArray()
            .catch(() => null) // the full read reports the failure
        : null,
    [enabled],
    enabled ? (shellRows ?? undefined) : undefined,
  );
}

/** The number of live notes, counted on the index (cheap), for the header while the list loads. */
export function useNoteCount(): number | undefined {
  return useLiveQuery(() => db.notes.where('deleted').equals(0).count(), []);
}
