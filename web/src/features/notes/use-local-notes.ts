// The notes screen's data: every live note from the local database, kept current by a live query. Undefined
// only while the database opens; never waits on the network.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db.ts';
import type { LocalNote } from '../../db/types.ts';

export function useLocalNotes(start = true): LocalNote[] | undefined {
  return useLiveQuery(
    async () => (start ? db.notes.where('deleted').equals(0).toArray() : undefined),
    [start],
  );
}

export function useLocalNote(id: string | null): LocalNote | undefined {
  return useLiveQuery(async () => (id ? db.notes.get(id) : undefined), [id]);
}

/** How many cards the first screenful needs at most (3 columns × a few rows), read before the full list. */
export const FIRST_PAGE_SIZE = 30;

/**
 * The most recently updated notes, read through the updatedAt index, so the first cards show before all
 * notes are loaded (10,000 notes take a while to read; thirty do not). Null once `enabled` turns false.
 * IndexedDB serves reads one after another, so the full read must start after this one, not beside it.
 */
export function useFirstPage(enabled: boolean): LocalNote[] | null | undefined {
  return useLiveQuery(
    async () =>
      enabled
        ? db.notes
            .orderBy('updatedAt')
            .reverse()
            .filter((note) => !note.deleted)
            .limit(FIRST_PAGE_SIZE)
            .toArray()
        : null,
    [enabled],
  );
}

/** The number of live notes, counted on the index (cheap), for the header while the list loads. */
export function useNoteCount(): number | undefined {
  return useLiveQuery(() => db.notes.where('deleted').equals(0).count(), []);
}
