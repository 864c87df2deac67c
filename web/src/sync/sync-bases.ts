// The merge base of each note: the server's text as this device last had it in step. A row in step with the
// server (syncState 'synced') is its own base, so a pull stores none (a first sync wrote every note twice); the
// first local change of such a row keeps the row's text in its outbox entry (notes-store.ts enqueueChange). A
// push acknowledged or a stale push settled writes the server's text here (db.syncBases), removed with the note.
// Callers run these inside their own transaction, which must include db.syncBases (and db.outbox for baseAt).
// See docs/decisions/merge-base-at-first-edit.md.
import { API, type Note, RevisionSchema, RevisionSummarySchema } from '@private-notes/shared';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { LocalNote, SyncBase } from '../db/types.ts';
import { type SyncRequest, throwIfStopping } from './sync-http.ts';

export function baseFromServer(note: Note, id: string): SyncBase {
  return { id, version: note.version, title: note.title, content: note.content, tags: [...note.tags] };
}

export async function rememberBase(db: NotesDatabase, id: string, note: Note): Promise<void> {
  await db.syncBases.put(baseFromServer(note, id));
}

/**
 * The base of a note whose row says it is at `version` (the one written when a push was settled, else the one
 * its outbox entry kept at its first local change), or undefined when this device does not hold it.
 */
export async function baseAt(
  db: NotesDatabase,
  id: string,
  version: number | null,
): Promise<SyncBase | undefined> {
  if (version === null) return undefined;
  const base = await db.syncBases.get(id);
  if (base?.version === version) return base;
  const kept = (await db.outbox.where('noteId').equals(id).first())?.base;
  return kept?.version === version ? { id, ...kept, tags: [...kept.tags] } : undefined;
}

/**
 * The base of a note this device holds no base for (synced before bases were kept), from the server's History
 * when it kept the version this device last saw (it keeps the text an edit replaces when the last revision is
 * 10 minutes old or more, so it often has it). Undefined when it does not.
 */
export async function fetchBase(
  db: NotesDatabase,
  request: SyncRequest,
  note: LocalNote,
): Promise<SyncBase | undefined> {
  if (note.serverId === null || note.version === null) return undefined;
  if (await baseAt(db, note.id, note.version)) return undefined;
  const list = await request('GET', API.noteRevisions(note.serverId));
  throwIfStopping(list);
  if (list.status !== 200) return undefined;
  const summaries = RevisionSummarySchema.array().safeParse(list.body);
  const match = summaries.success ? summaries.data.find((r) => r.version === note.version) : undefined;
  if (!match) return undefined;
  const answer = await request('GET', API.noteRevision(note.serverId, match.id));
  throwIfStopping(answer);
  const revision = answer.status === 200 ? RevisionSchema.safeParse(answer.body) : null;
  if (!revision?.success) return undefined;
  const { version, title, content, tags } = revision.data;
  return { id: note.id, version, title, content, tags };
}
