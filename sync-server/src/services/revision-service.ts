// Revision history of notes: the earlier states the server keeps, when it keeps them, how long, and who may
// read them. The keeping happens inside the note service's write transactions (a revision and the write that
// replaces its text commit together); reading and pruning happen here.
import {
  type OverwriteReason,
  REVISION_INTERVAL_MS,
  type Revision,
  type RevisionReason,
  type RevisionSummary,
} from '@private-notes/shared';
import { HttpError } from '../http/http-error.ts';
import type { NoteRecord, NoteRevisionRecord, Store, WriteTx } from '../storage/index.ts';

const DAY_MS = 86_400_000;

export function toRevision(record: NoteRevisionRecord): Revision {
  const { userId: _userId, ...revision } = record;
  return revision;
}

function toSummary(record: NoteRevisionRecord): RevisionSummary {
  const { userId: _userId, content: _content, tags: _tags, ...summary } = record;
  return summary;
}

function revisionsOf(view: Pick<WriteTx, 'filter'>, noteId: number): NoteRevisionRecord[] {
  return view.filter('noteRevisions', (r) => r.noteId === noteId);
}

/**
 * Called by a write about to replace `note`'s text: keeps the current state as a revision when the write is a
 * wholesale overwrite (always), or an edit and the newest revision is older than the interval (or there is none).
 * Returns the note's new `revisedAt` (undefined when nothing was kept, which leaves the field as it is).
 */
export function keepRevisionBefore(
  tx: WriteTx,
  note: NoteRecord,
  overwrite: OverwriteReason | 'overwrite' | null,
  now: Date,
): string | undefined {
  const reason: RevisionReason = overwrite ?? 'edit';
  // The note remembers when its newest revision was kept, so this check never scans the revisions.
  if (reason === 'edit' && note.revisedAt !== undefined) {
    if (now.getTime() - Date.parse(note.revisedAt) < REVISION_INTERVAL_MS) return undefined;
  }
  tx.insert('noteRevisions', {
    noteId: note.id,
    userId: note.userId,
    version: note.version,
    title: note.title,
    content: note.content,
    tags: [...note.tags],
    createdAt: now.toISOString(),
    updatedAt: note.updatedAt,
    reason,
  });
  return now.toISOString();
}

/** A delete is permanent: the note's revisions go with it, in the same transaction. */
export function removeRevisionsOf(tx: WriteTx, noteId: number): void {
  for (const revision of revisionsOf(tx, noteId)) tx.remove('noteRevisions', revision.id);
}

export class RevisionService {
  readonly #store: Store;
  readonly #retentionMs: number;

  constructor(store: Store, retentionDays: number) {
    this.#store = store;
    this.#retentionMs = retentionDays * DAY_MS;
  }

  #cutoff(now: Date): string {
    return new Date(now.getTime() - this.#retentionMs).toISOString();
  }

  #ownNote(userId: number, noteId: number): void {
    const note = this.#store.get('notes', noteId);
    if (!note || note.userId !== userId) throw new HttpError(404, 'Note not found');
  }

  /** Newest first; revisions past the retention period are never answered, even before the next prune. */
  list(userId: number, noteId: number, now = new Date()): RevisionSummary[] {
    this.#ownNote(userId, noteId);
    const cutoff = this.#cutoff(now);
    return revisionsOf(this.#store, noteId)
      .filter((r) => r.createdAt >= cutoff)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
      .map(toSummary);
  }

  get(userId: number, noteId: number, revisionId: number, now = new Date()): Revision {
    this.#ownNote(userId, noteId);
    const revision = this.#store.get('noteRevisions', revisionId);
    if (!revision || revision.noteId !== noteId || revision.createdAt < this.#cutoff(now)) {
      throw new HttpError(404, 'Revision not found');
    }
    return toRevision(revision);
  }

  /** Removes revisions older than the retention period; returns how many went. */
  async pruneExpired(now = new Date()): Promise<number> {
    const cutoff = this.#cutoff(now);
    return this.#store.write((tx) => {
      const expired = tx.filter('noteRevisions', (r) => r.createdAt < cutoff);
      for (const revision of expired) tx.remove('noteRevisions', revision.id);
      return expired.length;
    });
  }
}
