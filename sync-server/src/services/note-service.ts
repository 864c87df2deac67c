// The rules of private notes: per-user lists and filters, idempotent creates, versioned updates,
// deletes into the Trash (a tombstone holding the note; see trash-service.ts) and the changes feed the sync
// engine pulls from.
import {
  type DateRange,
  DEFAULT_NOTE_TITLE,
  isLockedNoteText,
  type Note,
  type NoteChanges,
  type NoteCreateSchema,
  type NoteUpdateSchema,
} from '@private-notes/shared';
import type { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import type { NoteRecord, NoteTombstoneRecord, Store, TrashSnapshot, WriteTx } from '../storage/index.ts';
import { restoreEpochOf } from '../storage/restore-epoch.ts';
import {
  checkLockedFiles,
  checkLockedNote,
  lockedFilesAfter,
  storedTitle,
  titleAfterEdit,
} from '../vault/locked-note-rules.ts';
import { NoteSearch } from './note-search.ts';
import { keepRevisionBefore } from './revision-service.ts';

export interface NoteListFilter {
  search?: string;
  tags?: string[];
  dateRange?: DateRange;
}

export const CHANGES_LIMIT_DEFAULT = 1000;

export function toNote(record: NoteRecord): Note {
  const { seq: _seq, revisedAt: _revisedAt, lockedFiles, ...note } = record;
  return Array.isArray(lockedFiles) ? { ...note, lockedFiles } : note;
}

function rangeStart(range: DateRange | undefined, now: Date): number | null {
  if (!range || range === 'all') return null;
  const start = new Date(now);
  if (range === 'week') start.setUTCDate(start.getUTCDate() - 7);
  else if (range === 'month') start.setUTCMonth(start.getUTCMonth() - 1);
  else start.setUTCFullYear(start.getUTCFullYear() - 1);
  return start.getTime();
}

function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

/**
 * Brings a deleted note back under its id with the edit's fields, a version above any it had, and its
 * client id (so every device maps it to the row it knew). The tombstone goes, so the feed lists the note;
 * the note's revisions stayed while it was in the Trash, so its history comes back with it, and the text
 * it held in the Trash is kept as one more revision when the edit replaces it.
 */
function restore(
  tx: WriteTx,
  tombstone: NoteTombstoneRecord,
  input: z.output<typeof NoteUpdateSchema>,
): NoteRecord {
  const now = new Date();
  const at = now.toISOString();
  tx.remove('noteTombstones', tombstone.id);
  const content = input.content ?? '';
  const next = {
    title: storedTitle(input.title ?? '', content, DEFAULT_NOTE_TITLE),
    content,
    tags: uniqueTags(input.tags ?? []),
  };
  checkLockedNote({ ...next, title: input.title ?? '' });
  checkLockedFiles(content, input.lockedFiles);
  let revisedAt: string | undefined;
  if (tombstone.trash && tombstone.version !== undefined) {
    revisedAt = keepRevisionBefore(tx, trashedNote(tombstone, tombstone.trash), null, now, next);
  }
  return tx.insert('notes', {
    id: tombstone.id,
    ...next,
    createdAt: tombstone.createdAt ?? at,
    updatedAt: at,
    userId: tombstone.userId,
    version: Math.max(tombstone.version ?? 0, input.baseVersion ?? 0) + 1,
    clientId: tombstone.clientId,
    seq: tx.seq,
    revisedAt,
    lockedFiles: lockedFilesAfter(content, input.lockedFiles, tombstone.trash ?? null),
  });
}

/** The note a Trash tombstone holds, as a record (for keeping it as a revision or putting it back). */
export function trashedNote(tombstone: NoteTombstoneRecord, trash: TrashSnapshot): NoteRecord {
  return {
    id: tombstone.id,
    userId: tombstone.userId,
    clientId: tombstone.clientId,
    title: trash.title,
    content: trash.content,
    tags: [...trash.tags],
    createdAt: tombstone.createdAt ?? trash.updatedAt,
    updatedAt: trash.updatedAt,
    version: tombstone.version ?? 1,
    seq: tombstone.seq,
    lockedFiles: trash.lockedFiles ?? null,
  };
}

/**
 * A create carrying a clientId already seen answers the existing note (`created: false`), so a retry
 * after a lost answer never duplicates. If that note has since been deleted, 410 says so.
 */
export function createNoteIn(
  tx: WriteTx,
  userId: number,
  input: z.output<typeof NoteCreateSchema>,
): { note: Note; created: boolean } {
  checkLockedNote(input);
  checkLockedFiles(input.content, input.lockedFiles);
  const clientId = input.clientId ?? null;
  if (clientId !== null) {
    const key = `${userId}:${clientId}`;
    const existing = tx.lookup('notes', 'clientId', key);
    if (existing) return { note: toNote(existing), created: false };
    const tombstone = tx.lookup('noteTombstones', 'clientId', key);
    if (tombstone) throw new HttpError(410, 'Note was deleted', { id: tombstone.id });
  }
  const now = new Date().toISOString();
  const createdAt = input.createdAt ? new Date(input.createdAt).toISOString() : now;
  const updatedAt = input.updatedAt ? new Date(input.updatedAt).toISOString() : createdAt;
  const record = tx.insert('notes', {
    title: storedTitle(input.title, input.content, DEFAULT_NOTE_TITLE),
    content: input.content,
    tags: uniqueTags(input.tags),
    createdAt,
    // Never before its creation, whatever the sending device's clock said.
    updatedAt: updatedAt < createdAt ? createdAt : updatedAt,
    userId,
    version: 1,
    clientId,
    seq: tx.seq,
    lockedFiles: lockedFilesAfter(input.content, input.lockedFiles, null),
  });
  return { note: toNote(record), created: true };
}

/**
 * Applies the given fields. A `baseVersion` older than the stored version is refused with 409 and the note.
 * An edit of a deleted note restores it under the same id: an edit never loses to a delete.
 */
export function updateNoteIn(
  tx: WriteTx,
  userId: number,
  id: number,
  input: z.output<typeof NoteUpdateSchema>,
): Note {
  const existing = tx.get('notes', id);
  if (!existing || existing.userId !== userId) {
    const tombstone = tx.get('noteTombstones', id);
    // Only a full edit restores (the sync engine always sends the whole note); a partial one cannot.
    if (tombstone && tombstone.userId === userId && input.content !== undefined) {
      return toNote(restore(tx, tombstone, input));
    }
    throw new HttpError(404, 'Note not found');
  }
  if (input.baseVersion !== undefined && input.baseVersion !== existing.version) {
    throw new HttpError(409, 'Note was changed elsewhere', { note: toNote(existing) });
  }
  // A locked note's shape is checked on the note as it will stand (a partial edit keeps the other fields).
  const content = input.content ?? existing.content;
  checkLockedNote({ title: input.title ?? existing.title, content, tags: input.tags ?? existing.tags });
  checkLockedFiles(content, input.lockedFiles);
  const now = new Date();
  const next = {
    title: titleAfterEdit(existing.title, input.title, content, DEFAULT_NOTE_TITLE),
    content: input.content,
    tags: input.tags === undefined ? undefined : uniqueTags(input.tags),
  };
  // An update without a base version overwrites whatever is there, so the text it replaces is kept too.
  const revisedAt = keepRevisionBefore(
    tx,
    existing,
    input.reason ?? (input.baseVersion === undefined ? 'overwrite' : null),
    now,
    next,
  );
  const record = tx.update('notes', id, {
    revisedAt,
    ...next,
    updatedAt: now.toISOString(),
    version: existing.version + 1,
    seq: tx.seq,
    lockedFiles: lockedFilesAfter(content, input.lockedFiles, existing),
  });
  return toNote(record);
}

/**
 * Deleting moves the note to the Trash: a tombstone for the changes feed (so other devices drop it) that
 * holds the note as it was, while its revisions stay, so it can be restored whole for TRASH_DAYS
 * (trash-service.ts). Deleting again is not an error. `seenVersion` is the version the deleting device last
 * saw: if the note changed since, the delete is refused (409 with the note) so it cannot eat an edit it
 * never saw. Without it (older clients) the delete is unconditional.
 */
export function removeNoteIn(tx: WriteTx, userId: number, id: number, seenVersion?: number): void {
  const tombstone = tx.get('noteTombstones', id);
  if (tombstone && tombstone.userId === userId) return;
  const existing = tx.get('notes', id);
  if (!existing || existing.userId !== userId) throw new HttpError(404, 'Note not found');
  if (seenVersion !== undefined && seenVersion !== existing.version) {
    throw new HttpError(409, 'Note was changed since this device saw it', { note: toNote(existing) });
  }
  tx.remove('notes', id);
  tx.insert('noteTombstones', {
    id,
    userId,
    clientId: existing.clientId,
    deletedAt: new Date().toISOString(),
    seq: tx.seq,
    version: existing.version,
    createdAt: existing.createdAt,
    trash: {
      title: existing.title,
      content: existing.content,
      tags: [...existing.tags],
      updatedAt: existing.updatedAt,
      lockedFiles: existing.lockedFiles ?? null,
    },
  });
}

export class NoteService {
  readonly #store: Store;
  readonly #search = new NoteSearch();

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * One user's notes, newest first, or best match first when there is a search: ranked by the same rules as the
   * app's search (words in any order, typos forgiven, accents folded, phrases, -exclude, tag:).
   */
  list(userId: number, filter: NoteListFilter = {}, now = new Date()): Note[] {
    const tags = filter.tags ?? [];
    const since = rangeStart(filter.dateRange, now);
    const all = this.#store.filter('notes', (n) => n.userId === userId);
    const notes = all.filter(
      (n) =>
        (since === null || Date.parse(n.updatedAt) >= since) &&
        (tags.length === 0 || tags.every((t) => n.tags.includes(t))),
    );
    // A locked note's text is ciphertext: it is never indexed, so no search finds it (the device searches it).
    const searchable = () => all.filter((n) => !isLockedNoteText(n.content));
    const ranked = filter.search?.trim() ? this.#search.rank(userId, searchable(), filter.search) : null;
    if (ranked !== null) {
      const kept = new Set(notes.map((n) => n.id));
      const byId = new Map(notes.map((n) => [n.id, n]));
      return ranked.filter((id) => kept.has(id)).map((id) => toNote(byId.get(id)!));
    }
    notes.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
    return notes.map(toNote);
  }

  get(userId: number, id: number): Note {
    const note = this.#store.get('notes', id);
    if (!note || note.userId !== userId) throw new HttpError(404, 'Note not found');
    return toNote(note);
  }

  /** See createNoteIn. */
  async create(
    userId: number,
    input: z.output<typeof NoteCreateSchema>,
  ): Promise<{ note: Note; created: boolean }> {
    return this.#store.write((tx) => createNoteIn(tx, userId, input));
  }

  /** See updateNoteIn. */
  async update(userId: number, id: number, input: z.output<typeof NoteUpdateSchema>): Promise<Note> {
    return this.#store.write((tx) => updateNoteIn(tx, userId, id, input));
  }

  /** See removeNoteIn. */
  async remove(userId: number, id: number, seenVersion?: number): Promise<void> {
    await this.#store.write((tx) => removeNoteIn(tx, userId, id, seenVersion));
  }

  /**
   * Notes changed and ids deleted after `since`, oldest change first (without a `since`, the notes only). Only
   * changes already on disk are listed, so a cursor handed out never points past data a crash could lose.
   */
  changes(userId: number, since: number, limit = CHANGES_LIMIT_DEFAULT): NoteChanges {
    const durable = this.#store.durableSeq;
    const key = String(userId);
    // Read through the ordered indexes by seq (storage/seq-index.ts): a page costs its own size, not a filter
    // and a sort of every note (docs/decisions/feed-seq-index.md). The two lists are merged by (seq, notes
    // first). From the start (a device's first sync) there is nothing to delete yet: deletions would only fill
    // its pages, ahead of the notes it is waiting to show.
    const noteList = this.#store.changedBetween('notes', 'byUser', key, since, durable);
    const tombstoneList =
      since === 0 ? null : this.#store.changedBetween('noteTombstones', 'byUser', key, since, durable);
    let note = noteList.next();
    let tombstone = tombstoneList?.next();
    const notes: Note[] = [];
    const deleted: number[] = [];
    let lastSeq = -1;
    let taken = 0;
    let more = false;
    for (;;) {
      const nextNote = note.done ? undefined : note.value;
      const nextTombstone = !tombstone || tombstone.done ? undefined : tombstone.value;
      const takeNote = nextNote && (!nextTombstone || nextNote.seq <= nextTombstone.seq);
      const next = takeNote ? nextNote : nextTombstone;
      if (!next) break;
      // A page never ends inside a transaction: a batch (note-batch-service.ts) writes many notes under one
      // seq, and a cursor at that seq would skip the rest of them. So the page runs to the transaction's end.
      if (taken >= limit && next.seq !== lastSeq) {
        more = true;
        break;
      }
      if (takeNote) {
        notes.push(toNote(nextNote));
        note = noteList.next();
      } else {
        deleted.push(nextTombstone!.id);
        tombstone = tombstoneList!.next();
      }
      lastSeq = next.seq;
      taken++;
    }
    const cursor = more ? lastSeq : durable;
    const total = this.#store.countChangedBetween('notes', 'byUser', key, since, durable);
    return { notes, deleted, cursor: String(cursor), more, total, restoreEpoch: restoreEpochOf(this.#store) };
  }
}
