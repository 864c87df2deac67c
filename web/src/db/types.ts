// The shapes of the rows kept in the browser's database (see notes-database.ts for the tables).
import type { CardKind, CardOrigin, Flashcard, KeyPoint, OverwriteReason } from '@private-notes/shared';

export type SyncState = 'synced' | 'pending' | 'error';

/** A note as the browser keeps it. `id` is the client id the server remembers, so it never changes once synced. */
export interface LocalNote {
  id: string;
  /** The server's numeric id, null until the create has been pushed. */
  serverId: number | null;
  /** The server version this row was last in step with (the base version of the next update), null before the first push. */
  version: number | null;
  title: string;
  content: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  /** 1 while a delete waits to be pushed; the row is removed once the server has it. (A number so it can be indexed.) */
  deleted: 0 | 1;
  syncState: SyncState;
  /** The server's reason for refusing the last push of this note, shown to the user. */
  syncError: string | null;
  /**
   * Only on a locked note decrypted in memory (db/locked-note-codec.ts): its title, content and tags are the
   * plain ones. Never stored: a stored locked note has an empty title, no tags and its locked text as content.
   */
  locked?: true;
  /**
   * On a stored locked note: the hashes of the files its sealed text refers to, worked out when it was sealed
   * and sent beside the ciphertext, so the server's attachment collection knows what it still needs
   * (shared/src/schemas/locked-files.ts). Absent on rows sealed before the list existed (declared on unlock).
   */
  lockedFiles?: string[];
}

export type OutboxOp = 'create' | 'update' | 'delete';

/**
 * One pending change per note (the unique noteId index enforces it), so edits coalesce: the push reads the note
 * as it is when sent. `rev` grows with every local write, so a push can tell whether the note changed meanwhile.
 */
export interface OutboxEntry {
  seq?: number;
  noteId: string;
  op: OutboxOp;
  /** Known for updates and deletes; a delete needs it after the note row is gone. */
  serverId: number | null;
  rev: number;
  queuedAt: string;
  /** Set when the server refused the change (a 4xx other than 401/409): kept, shown, not retried until edited. */
  error: string | null;
  /** The change replaces the text wholesale (a revision restored, an import): the server keeps the old text first. */
  reason?: OverwriteReason;
  /**
   * A text to send (reason 'conflict') before the note's own, so the server keeps it in the note's History: the
   * conflicted copy's text when the owner kept the other version. Cleared once the server has it.
   */
  keepFirst?: { title: string; content: string; tags: string[] };
  /**
   * The note's merge base when this entry was queued by the first local change of a note in step with the
   * server: the row's own text at its version, kept before the change replaced it (a row in step with the
   * server is its own base, so a pull stores none; see docs/decisions/merge-base-at-first-edit.md).
   */
  base?: Omit<SyncBase, 'id'>;
}

/**
 * The server's text of a note as this device last saw it in step (pushed and acknowledged, or pulled): the
 * common base a three-way merge needs when the server answers a push with a newer version. Keyed by local id.
 */
export interface SyncBase {
  id: string;
  /** The server version holding this text; a merge uses it only when it is the note's `version`. */
  version: number;
  title: string;
  content: string;
  tags: string[];
}

/** A push the server refused as stale whose edits overlapped: the local text was kept as a copy to compare. */
export interface ConflictRow {
  /** The local id of the conflicted copy (this device's text). */
  copyId: string;
  /** The local id of the note that took the other device's text. */
  noteId: string;
  /** This device's title before " (conflicted copy …)" was added to it (which may have shortened it). */
  title: string;
  createdAt: string;
}

/** The spec's `note_draft`: the editor's unsaved text, restored after a reload. */
export interface NoteDraft {
  id: 'note_draft';
  title: string;
  content: string;
  tagInput: string;
  lastSaved: string;
  noteId: string | null;
}

/**
 * The editor's text kept per note (key: the note's local id, or 'new' for a note not saved yet) until it becomes
 * a saved version or the owner discards it. Written within a second of each change and at once when the editor
 * is left, so nothing typed is lost however the page goes away.
 */
export interface EditorDraft {
  key: string;
  noteId: string | null;
  title: string;
  content: string;
  tagInput: string;
  /** When this text was last written (ISO); shown as "Restored your unsaved changes from 14:02". */
  savedAt: string;
  /** True while the editor was showing it: a reload or a closed tab reopens the editor on it. */
  open: boolean;
  /** The tab that wrote it (tab-presence.ts): another tab does not restore it while that tab is open. */
  tab?: string;
  /**
   * The stored note this text was typed over (absent for a new note and for drafts written before it was
   * kept): a note changed since is merged with the restored text rather than overwritten by it.
   */
  base?: { title: string; content: string; tags: string[] };
}

/**
 * What card sync adds to a stored card (see sync/push-cards.ts). Rows written before cards synced lack
 * them and read as generated, untouched, never synced.
 */
export interface CardSyncFields {
  /** Absent: generated. */
  origin?: CardOrigin;
  /** True once the owner changed a generated card: regenerating keeps it. */
  edited?: boolean;
  /** The card's server version this row reflects; absent or 0 while the server has never had it. */
  version?: number;
}

export type LocalFlashcard = Flashcard &
  CardSyncFields & {
    noteId: string | number;
    /** A hand-made cloze card: `question` holds the cloze text and this is the deletion number it asks for. */
    cloze?: number | null;
    /** Kept, but never due and never in a review session. */
    suspended?: boolean;
  };
export type LocalKeyPoint = KeyPoint & CardSyncFields & { noteId: string | number };

/**
 * A card change waiting to be pushed (the cards' queue, beside the notes outbox): one entry per card, so
 * repeated edits of a card offline send its last state once. A put sends the card's row as it is at push time.
 */
export interface CardOutboxEntry {
  /** The card's id. */
  id: string;
  kind: CardKind;
  noteId: string;
  op: 'put' | 'delete';
  /** Made for this change; the server applies a change id once, so a retried push is not applied twice. */
  change: string;
  /** The server version this device last saw of the card (0: the server has never had it). */
  baseVersion: number;
  /** The server's reason when it refused the change (the entry then waits for the card to change again). */
  error: string | null;
}

/** One flashcard review, appended and never rewritten, so study progress survives and can be replayed (for FSRS). */
export interface ReviewRow {
  id?: number;
  cardId: string;
  noteId: string | number;
  /** ts-fsrs rating: 1 again, 2 hard, 3 good, 4 easy. */
  rating: number;
  reviewedAt: string;
  /** Made by the grading device; the same on every device once synced (see features/study/review-sync.ts). */
  uid?: string;
  /** 1 for a review that came from the server (it is not pushed back). */
  remote?: 0 | 1;
  [field: string]: unknown;
}

/** Key/value rows for the sync engine: the changes cursor and when the last sync ended. */
export interface SyncMetaRow {
  key: string;
  value: string | number | null;
}

/** Something the sync did on its own that the owner must hear about (a delete undone because of an edit elsewhere). */
export interface SyncNotice {
  id?: number;
  /** The local id of the note concerned. */
  noteId: string;
  message: string;
  createdAt: string;
}

/**
 * A delete the server confirmed, remembered for a while: if the note comes back through the feed (an edit made
 * elsewhere without seeing the delete wins), the owner is told why.
 */
export interface DeletionRow {
  serverId: number;
  title: string;
  deletedAt: string;
}

/**
 * A file the owner pasted or dropped into a note, or one fetched from the server for a note that uses it.
 * Bytes are an ArrayBuffer, never a Blob: WebKit loses Blobs stored in IndexedDB.
 */
export interface LocalAttachment {
  sha256: string;
  /** Detected from the bytes (sniffMime), like the server does. */
  mime: string;
  size: number;
  name: string;
  createdAt: string;
  width?: number;
  height?: number;
  bytes: ArrayBuffer;
  /** 1 once the server is known to have it (uploaded from here, or downloaded from there). */
  uploaded: 0 | 1;
  /** When garbage collection first found no note or draft using it; null while one does. */
  unreferencedSince: string | null;
}

/** One pending upload per file, queued in the same transaction as the note change that first uses it. */
export interface UploadEntry {
  seq?: number;
  sha256: string;
  /** The file's name, for the sync status's list of refused files. */
  name: string;
  queuedAt: string;
  /** The server's reason when it refused the file (too large, over quota): kept, shown, not retried. */
  error: string | null;
}

/**
 * A note in the Trash as this device knows it: the note as it was deleted, under its local id. Written when
 * the note is deleted here or a delete arrives from the feed, and replaced by the server's Trash whenever the
 * Trash screen reaches the server (db/trash-store.ts).
 */
export interface TrashRow {
  /** The note's local id (its client id), so a restore puts it back in the row every device knows. */
  id: string;
  /** Null for a note that never reached the server (it is restored as a new create). */
  serverId: number | null;
  /** The server version when deleted (a restore pushes an edit based on it, which brings the note back). */
  version: number | null;
  title: string;
  content: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string;
}
