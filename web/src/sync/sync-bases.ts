// The merge base of each note: the server's text as this device last had it in step. Written wherever a note
// becomes in step with the server (a push acknowledged, a pull applied, a stale push settled), removed with the
// note. Callers run these inside their own transaction, which must include db.syncBases. A first sync stores
// them with each page; rememberMissingBases() copies them from the synced rows for notes stored before bases
// were kept (or by a first sync of an older version, which left them out).
import { API, type Note, RevisionSchema, RevisionSummarySchema } from '@private-notes/shared';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { LocalNote, SyncBase } from '../db/types.ts';
import { type SyncRequest, throwIfStopping } from './sync-http.ts';

export function baseFromServer(note: Note, id: string): SyncBase {
  return { id, version: note.version, title: note.title, content: note.content, tags: [...note.tags] };
}

/** Notes per transaction when bases are filled in: short ones, so the notes list's reads go in between. */
export const MISSING_BASES_CHUNK = 250;

/**
 * Gives every synced note without a base its base: a row marked synced holds the server's text at its version,
 * which is that base. Runs after each pull; two counts tell at once when nothing is missing (the usual case,
 * a first sync included: it stores the bases with its pages).
 * Each chunk reads the rows again in its own transaction, so a note edited meanwhile (no longer synced) gets
 * none: its push then settles a conflict as a note synced before bases were kept does (fetchBase).
 */
export async function rememberMissingBases(db: NotesDatabase): Promise<number> {
  const synced = db.notes.where('syncState').equals('synced');
  if ((await synced.count()) <= (await db.syncBases.count())) return 0;
  const held = new Set(await db.syncBases.toCollection().primaryKeys());
  const missing = (await synced.primaryKeys()).filter((id) => !held.has(id));
  let written = 0;
  for (let start = 0; start < missing.length; start += MISSING_BASES_CHUNK) {
    const ids = missing.slice(start, start + MISSING_BASES_CHUNK);
    written += await db.transaction('rw', [db.notes, db.syncBases], async () => {
      const [rows, bases] = await Promise.all([db.notes.bulkGet(ids), db.syncBases.bulkGet(ids)]);
      const fresh = rows.flatMap((row, i): SyncBase[] =>
        row && !bases[i] && row.syncState === 'synced' && !row.deleted && row.version !== null
          ? [
              {
                id: row.id,
                version: row.version,
                title: row.title,
                content: row.content,
                tags: [...row.tags],
              },
            ]
          : [],
      );
      await db.syncBases.bulkPut(fresh);
      return fresh.length;
    });
    // A macrotask between chunks: the screen's own reads and renders are not held behind all of them.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return written;
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
