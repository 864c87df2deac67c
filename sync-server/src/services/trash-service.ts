// The Trash: deleted notes kept whole for TRASH_DAYS, with their revisions, so a mis-click is never final.
// A note in the Trash is a tombstone holding the note (note-service.ts `remove`); restoring turns it back
// into the note under the same id, and "delete forever", emptying the Trash or the purge drop what it holds
// and the note's revisions at once. The bare tombstone stays: other devices and retried creates still learn
// the note is gone.
import { type Note, TRASH_DAYS, type TrashedNote, trashPurgeAt } from '@private-notes/shared';
import { HttpError } from '../http/http-error.ts';
import type { NoteTombstoneRecord, Store, TrashSnapshot, WriteTx } from '../storage/index.ts';
import { toNote, trashedNote } from './note-service.ts';
import { removeRevisionsOf } from './revision-service.ts';

const DAY_MS = 86_400_000;

type InTrash = NoteTombstoneRecord & { trash: TrashSnapshot };

function inTrash(t: NoteTombstoneRecord): t is InTrash {
  return t.trash !== undefined;
}

function toTrashed(t: InTrash): TrashedNote {
  const note = trashedNote(t, t.trash);
  return {
    id: t.id,
    title: note.title,
    content: note.content,
    tags: note.tags,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    version: note.version,
    clientId: t.clientId,
    deletedAt: t.deletedAt,
    purgeAt: trashPurgeAt(t.deletedAt),
  };
}

/** Drops what the tombstone holds and the note's revisions; the tombstone itself stays for the feed. */
function dropForever(tx: WriteTx, tombstone: InTrash): void {
  const { trash: _trash, ...bare } = tombstone;
  tx.put('noteTombstones', bare);
  removeRevisionsOf(tx, tombstone.id);
}

export class TrashService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  #cutoff(now: Date): string {
    return new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
  }

  #owned(view: Pick<WriteTx, 'get'>, userId: number, id: number, now: Date): InTrash {
    const tombstone = view.get('noteTombstones', id);
    if (
      !tombstone ||
      tombstone.userId !== userId ||
      !inTrash(tombstone) ||
      tombstone.deletedAt < this.#cutoff(now)
    )
      throw new HttpError(404, 'Note not in the Trash');
    return tombstone;
  }

  /** Newest delete first; notes past TRASH_DAYS are never answered, even before the purge runs. */
  list(userId: number, now = new Date()): TrashedNote[] {
    const cutoff = this.#cutoff(now);
    return this.#store
      .filter('noteTombstones', (t) => t.userId === userId && inTrash(t) && t.deletedAt >= cutoff)
      .sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.id - a.id)
      .map((t) => toTrashed(t as InTrash));
  }

  /**
   * Puts the note back as it was deleted, under its id and client id, at a version above the one it had
   * (so the changes feed brings it back to every device). Its revisions were kept, so History is whole.
   */
  async restore(userId: number, id: number, now = new Date()): Promise<Note> {
    return this.#store.write((tx) => {
      const tombstone = this.#owned(tx, userId, id, now);
      const note = trashedNote(tombstone, tombstone.trash);
      tx.remove('noteTombstones', id);
      return toNote(
        tx.insert('notes', {
          ...note,
          updatedAt: now.toISOString(),
          version: note.version + 1,
          seq: tx.seq,
        }),
      );
    });
  }

  /** Removes one note from the Trash for good, with its revisions. */
  async deleteForever(userId: number, id: number, now = new Date()): Promise<void> {
    await this.#store.write((tx) => dropForever(tx, this.#owned(tx, userId, id, now)));
  }

  /** Removes every note in the owner's Trash for good; answers how many. */
  async empty(userId: number): Promise<number> {
    return this.#store.write((tx) => {
      const trashed = tx.filter('noteTombstones', (t) => t.userId === userId && inTrash(t)) as InTrash[];
      for (const tombstone of trashed) dropForever(tx, tombstone);
      return trashed.length;
    });
  }

  /** The purge: notes deleted more than TRASH_DAYS ago go for good, one per transaction. */
  async purgeExpired(now = new Date(), signal?: AbortSignal): Promise<number> {
    const cutoff = this.#cutoff(now);
    const expired = this.#store.filter('noteTombstones', (t) => inTrash(t) && t.deletedAt < cutoff);
    let removed = 0;
    for (const { id } of expired) {
      if (signal?.aborted) break;
      removed += await this.#store.write((tx) => {
        const tombstone = tx.get('noteTombstones', id);
        if (!tombstone || !inTrash(tombstone) || tombstone.deletedAt >= cutoff) return 0;
        dropForever(tx, tombstone);
        return 1;
      });
    }
    return removed;
  }
}
