// The notes screen's data: every live note from the local database, kept current by a live query. Undefined
// only while the database opens; never waits on the network.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db.ts';
import type { LocalNote } from '../../db/types.ts';

export function useLocalNotes(): LocalNote[] | undefined {
  return useLiveQuery(() => db.notes.where('deleted').equals(0).toArray(), []);
}

export function useLocalNote(id: string | null): LocalNote | undefined {
  return useLiveQuery(async () => (id ? db.notes.get(id) : undefined), [id]);
}
