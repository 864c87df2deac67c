// Revision history of notes: the earlier states the server keeps, when it keeps them, how long, and who may
// read them. The keeping happens inside the note service's write transactions (a revision and the write that
// replaces its text commit together); reading, thinning and pruning happen here, the last two as background
// work (jobs/history-upkeep.ts) in small transactions, so they never hold up a save.
import {
  isLargeRewrite,
  isLockedNoteText,
  type OverwriteReason,
  type Revision,
  type RevisionReason,
  type RevisionSummary,
  revisionsToThin,
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

/** What a write is about to set; absent fields stay as they are. */
export interface NextFields {
  title?: string;
  content?: string;
  tags?: string[];
}

function changesSomething(note: NoteRecord, next: NextFields): boolean {
  return (
    (next.title !== undefined && next.title !== note.title) ||
    (next.content !== undefined && next.content !== note.content) ||
    (next.tags !== undefined && next.tags.join('\n') !== note.tags.join('\n'))
  );
}

/**
 * Called by a write about to replace `note`'s fields with `next`: keeps the current state as a revision, so
 * the version before every save can be recovered (thinning later keeps fewer of the old ones). A wholesale
 * overwrite keeps it under its reason, a save that replaces most of the text as `rewrite` (both pinned), any
 * other save as `edit`. A write that changes nothing keeps nothing. Returns the note's new `revisedAt`
 * (undefined when nothing was kept, which leaves the field as it is).
 */
export function keepRevisionBefore(
  tx: WriteTx,
  note: NoteRecord,
  overwrite: OverwriteReason | 'overwrite' | null,
  now: Date,
  next: NextFields,
): string | undefined {
  if (!changesSomething(note, next)) return undefined;
  const lockedBefore = isLockedNoteText(note.content);
  const lockedAfter = next.content === undefined ? lockedBefore : isLockedNoteText(next.content);
  if (!lockedBefore && lockedAfter) {
    // Locking a note: its plain text must not stay on the server, neither kept now nor in its history.
    removePlainRevisionsOf(tx, note.id);
    return undefined;
  }
  // Two ciphertexts always differ throughout: a "large rewrite" of a locked note means nothing.
  const reason: RevisionReason =
    overwrite ??
    (next.content !== undefined && !lockedBefore && isLargeRewrite(note.content, next.content)
      ? 'rewrite'
      : 'edit');
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

/** A note being locked: its revisions that hold plain text go (revisions of locked text stay). */
function removePlainRevisionsOf(tx: WriteTx, noteId: number): void {
  for (const revision of revisionsOf(tx, noteId))
    if (!isLockedNoteText(revision.content)) tx.remove('noteRevisions', revision.id);
}

/** Delete forever: the note's revisions go with it, in the same transaction. */
export function removeRevisionsOf(tx: WriteTx, noteId: number): void {
  for (const revision of revisionsOf(tx, noteId)) tx.remove('noteRevisions', revision.id);
}

/** Lets other work run between two units of background work. */
function yieldToWrites(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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

  /**
   * Thins every note's revisions by the shared rule (rules/thin-revisions.ts), one note per transaction with
   * a pause between notes, so saves never wait behind it. Stops early when `signal` aborts (the next run
   * finishes the job). Returns how many revisions went.
   */
  async thin(now = new Date(), signal?: AbortSignal): Promise<number> {
    const byNote = new Map<number, NoteRevisionRecord[]>();
    for (const revision of this.#store.values('noteRevisions')) {
      const list = byNote.get(revision.noteId);
      if (list) list.push(revision);
      else byNote.set(revision.noteId, [revision]);
    }
    let removed = 0;
    for (const revisions of byNote.values()) {
      if (signal?.aborted) break;
      const ids = revisionsToThin(revisions, now);
      if (ids.length === 0) continue;
      // Revisions saved meanwhile are under a day old and change no older bucket's choice; one removed
      // meanwhile (a delete forever) is skipped.
      removed += await this.#store.write((tx) => ids.filter((id) => tx.remove('noteRevisions', id)).length);
      await yieldToWrites();
    }
    return removed;
  }
}
