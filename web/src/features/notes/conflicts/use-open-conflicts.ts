// The open conflicts, live from the local database (so they show offline and update as the sync records them).
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/db.ts';
import { listOpenConflicts, type OpenConflict } from '../../../sync/open-conflicts.ts';

export function useOpenConflicts(): OpenConflict[] | undefined {
  return useLiveQuery(() => listOpenConflicts(db), []);
}
