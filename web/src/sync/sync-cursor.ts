// The notes feed's cursor as this device stored it, and a first sync's headway. Apart from pull-changes.ts so
// the notes screen can tell a first sync from a later one without loading the sync engine (and its schemas)
// before its first paint.
import type { NotesDatabase } from '../db/notes-database.ts';

export const CURSOR_KEY = 'cursor';

/** A first sync's headway: notes stored so far, against the server's count in its first page. */
export interface PullProgress {
  received: number;
  /** Null until the first page answers (or from a server that does not count). */
  total: number | null;
}

export async function readCursor(db: NotesDatabase): Promise<string | null> {
  const row = await db.syncMeta.get(CURSOR_KEY);
  return typeof row?.value === 'string' ? row.value : null;
}
