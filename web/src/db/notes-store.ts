// The only way the app changes notes: each function writes the note and its outbox entry in one transaction,
// so a crash can never keep an edit the sync engine does not know about (or queue a change that was not made).
import {
  DEFAULT_NOTE_TITLE,
  linksToTitle,
  type OverwriteReason,
  renameWikiLinks,
  titleKey,
  uniqueTags,
} from '@private-notes/shared';
import { queueAttachmentUploads } from './attachment-store.ts';
import { newClientId } from './client-id.ts';
import { db } from './db.ts';
import { isSealedNote, openStoredNote, rowToStore } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import { trashRowOf } from './trash-row.ts';
import type { LocalNote, OutboxEntry } from './types.ts';

export interface NoteInput {
  title: string;
  content: string;
  tags: string[];
}

function cleanInput(input: Partial<NoteInput>): Partial<NoteInput> {
  const out: Partial<NoteInput> = {};
  if (input.title !== undefined) out.title = input.title.trim() || DEFAULT_NOTE_TITLE;
  if (input.content !== undefined) out.content = input.content;
  // The server's own rule (case-insensitive), so both sides hold the same list and a push never looks unfinished.
  if (input.tags !== undefined) out.tags = uniqueTags(input.tags);
  return out;
}

/**
 * Queue (or coalesce into the existing entry) a change of `note`. Must run inside a notes+outbox transaction.
 * A `reason` (restore, import) sticks to the entry until it is pushed, so the server keeps the replaced text.
 * `before` is the row as it was before this change: when it was in step with the server, its text is the merge
 * base of the change, kept in the new entry (a synced row is its own base until it is first changed here).
 */
export async function enqueueChange(
  database: NotesDatabase,
  note: LocalNote,
  op: OutboxEntry['op'],
  reason?: OverwriteReason,
  before?: LocalNote,
): Promise<void> {
  const existing = await database.outbox.where('noteId').equals(note.id).first();
  if (existing?.seq !== undefined) {
    // A queued create stays a create (the push sends the latest text); anything else takes the new op.
    const nextOp = existing.op === 'create' && op === 'update' ? 'create' : op;
    await database.outbox.update(existing.seq, {
      op: nextOp,
      serverId: note.serverId,
      rev: existing.rev + 1,
      error: null,
      ...(reason ? { reason } : {}),
    });
    return;
  }
  const base = before ? baseOfSyncedRow(before) : undefined;
  await database.outbox.add({
    noteId: note.id,
    op,
    serverId: note.serverId,
    rev: 1,
    queuedAt: new Date().toISOString(),
    error: null,
    ...(reason ? { reason } : {}),
    ...(base ? { base } : {}),
  });
}

/** A row in step with the server holds the server's text at its version: that text is its merge base. */
export function baseOfSyncedRow(row: LocalNote): OutboxEntry['base'] {
  if (row.syncState !== 'synced' || row.deleted || row.serverId === null || row.version === null)
    return undefined;
  return { version: row.version, title: row.title, content: row.content, tags: [...row.tags] };
}

/** A note save writes the note, its outbox entry and the uploads of the files it uses, all or nothing. */
function noteTables(database: NotesDatabase) {
  return [database.notes, database.outbox, database.attachments, database.uploads];
}

export interface LockOption {
  /** true: store the note locked (sealed on this device first); false: store it plain; absent: as it is. */
  locked?: boolean;
}

/**
 * Creates a note; a locked one is sealed before anything is written (the returned note is its plain view, in
 * memory only).
 */
export async function createNote(
  input: NoteInput,
  database: NotesDatabase = db,
  options: LockOption = {},
): Promise<LocalNote> {
  const now = new Date().toISOString();
  const clean = cleanInput(input);
  const plain: LocalNote = {
    id: newClientId(),
    serverId: null,
    version: null,
    title: clean.title ?? DEFAULT_NOTE_TITLE,
    content: clean.content ?? '',
    tags: clean.tags ?? [],
    createdAt: now,
    updatedAt: now,
    deleted: 0,
    syncState: 'pending',
    syncError: null,
  };
  const note = rowToStore(plain, options.locked === true);
  await database.transaction('rw', noteTables(database), async () => {
    await database.notes.add(note);
    await enqueueChange(database, note, 'create');
    await queueAttachmentUploads(database, plain.content, options.locked === true);
  });
  return options.locked ? { ...plain, locked: true } : note;
}

export async function updateNote(
  id: string,
  patch: Partial<NoteInput>,
  database: NotesDatabase = db,
  reason?: OverwriteReason,
  options: LockOption = {},
): Promise<LocalNote> {
  return database.transaction('rw', noteTables(database), async () => {
    const stored = await database.notes.get(id);
    if (!stored || stored.deleted) throw new Error('Note not found');
    // A locked note is changed in plain text in memory and sealed again before it is written.
    const current = openStoredNote(stored);
    const lock = options.locked ?? isSealedNote(stored);
    const plain: LocalNote = {
      ...current,
      ...cleanInput(patch),
      updatedAt: new Date().toISOString(),
      syncState: 'pending',
      syncError: null,
    };
    const note = rowToStore(plain, lock);
    await database.notes.put(note);
    // The stored row is the merge base: a locked note's stays sealed (the conflict settling opens it in memory).
    await enqueueChange(database, note, note.serverId === null ? 'create' : 'update', reason, stored);
    await queueAttachmentUploads(database, plain.content, lock);
    if (lock) return { ...plain, locked: true };
    if (titleKey(note.title) !== titleKey(current.title)) await renameLinksTo(database, current.title, note);
    return note;
  });
}

/**
 * Links survive renames: every other note's [[links]] to the old title are rewritten to the new one, each a
 * normal synced edit, in the rename's transaction. Skipped while another note still has the old title (the
 * links then lead there).
 */
async function renameLinksTo(database: NotesDatabase, oldTitle: string, renamed: LocalNote): Promise<void> {
  const oldKey = titleKey(oldTitle);
  const others = await database.notes
    .filter(
      (n) =>
        !n.deleted &&
        n.id !== renamed.id &&
        (titleKey(n.title) === oldKey || linksToTitle(n.content, oldTitle)),
    )
    .toArray();
  if (others.some((n) => titleKey(n.title) === oldKey)) return;
  const now = new Date().toISOString();
  for (const other of others) {
    const linking: LocalNote = {
      ...other,
      content: renameWikiLinks(other.content, oldTitle, renamed.title),
      updatedAt: now,
      syncState: 'pending',
      syncError: null,
    };
    await database.notes.put(linking);
    await enqueueChange(database, linking, linking.serverId === null ? 'create' : 'update', undefined, other);
  }
}

/**
 * Moves a note to the Trash: the note leaves the list at once and a copy waits in the `trash` table (so Undo
 * and the Trash screen work offline); the server is told by the queued delete.
 */
export async function deleteNote(id: string, database: NotesDatabase = db): Promise<void> {
  await database.transaction('rw', database.notes, database.outbox, database.trash, async () => {
    const note = await database.notes.get(id);
    if (!note) return;
    await database.trash.put(trashRowOf(note, new Date()));
    const entry = await database.outbox.where('noteId').equals(id).first();
    if (note.serverId === null) {
      // Never reached the server: forget it here, so an offline create + delete sends nothing (a restore
      // from the Trash creates it again).
      await database.notes.delete(id);
      if (entry?.seq !== undefined) await database.outbox.delete(entry.seq);
      return;
    }
    // Keep a tombstone row until the server confirms, so a pull cannot bring the note back meanwhile.
    const tombstone: LocalNote = { ...note, deleted: 1, syncState: 'pending', syncError: null };
    await database.notes.put(tombstone);
    // Its base is kept too: restored from the Trash before the delete is pushed, it is an edit again.
    await enqueueChange(database, tombstone, 'delete', undefined, note);
  });
}

/** Clear the refusal on a change so the next sync tries it again (after the user has seen the reason). */
export async function retryChange(noteId: string, database: NotesDatabase = db): Promise<void> {
  await database.transaction('rw', database.notes, database.outbox, async () => {
    const entry = await database.outbox.where('noteId').equals(noteId).first();
    if (entry?.seq !== undefined) await database.outbox.update(entry.seq, { error: null });
    await database.notes.update(noteId, { syncState: 'pending', syncError: null });
  });
}
