// The merge base of each note: the server's text as this device last had it in step. Written wherever a note
// becomes in step with the server (a push acknowledged, a pull applied, a stale push settled), removed with the
// note. Callers run these inside their own transaction, which must include db.syncBases.
import type { Note } from '@private-notes/shared';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { SyncBase } from '../db/types.ts';

export function baseFromServer(note: Note, id: string): SyncBase {
  return { id, version: note.version, title: note.title, content: note.content, tags: [...note.tags] };
}

export async function rememberBase(db: NotesDatabase, id: string, note: Note): Promise<void> {
  await db.syncBases.put(baseFromServer(note, id));
}

/** The base of a note whose row says it is at `version`, or undefined when this device does not hold it. */
export async function baseAt(
  db: NotesDatabase,
  id: string,
  version: number | null,
): Promise<SyncBase | undefined> {
  if (version === null) return undefined;
  const base = await db.syncBases.get(id);
  return base?.version === version ? base : undefined;
}
