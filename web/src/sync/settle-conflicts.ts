// The answers that are not a plain yes, from pushing the outbox: a stale edit merged with the server's text or
// kept beside it as a conflicted copy, a kept text pushed first, a delete undone because the note changed
// elsewhere, a note recreated after it vanished, and a refusal kept visible with the server's reason.
import { API, isLockedNoteText, type Note, NoteSchema } from '@private-notes/shared';
import { mergeNote } from '@private-notes/shared/rules/merge-note';
import {
  canOpenLockedNotes,
  openFields,
  rowToStore,
  sealFields,
  UNLOCK_TO_MERGE_MESSAGE,
} from '../db/locked-note-codec.ts';
import { enqueueChange } from '../db/notes-store.ts';
import type { LocalNote, OutboxEntry, SyncBase } from '../db/types.ts';
import { conflictedCopy } from './conflicted-copy.ts';
import { addNotice, deleteRefusedMessage } from './delete-notices.ts';
import { localFromServer, type NoteFields, sameFields } from './note-mapping.ts';
import type { PushContext } from './push-context.ts';
import { baseAt, rememberBase } from './sync-bases.ts';
import { describeAnswer, type HttpAnswer, throwIfStopping } from './sync-http.ts';

/**
 * 409: another device changed the note since this one last synced it. With the text both last agreed on (the
 * base) the two edits are merged: the merged text becomes the local note and is pushed on top of the server's
 * version with reason 'merge' (the server keeps the version it replaces). Edits that overlap cannot merge: the
 * server's version replaces the original, the local text becomes a conflicted copy, and the conflict is
 * recorded so the owner sees it and can compare. Nothing is lost either way.
 */
export async function mergeOrKeepBoth(
  ctx: PushContext,
  entry: OutboxEntry,
  server: Note,
  fetched: SyncBase | undefined,
): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.notes, db.outbox, db.syncBases, db.conflicts], async () => {
    // The note as it is now: edits made while the push was on the wire are merged too.
    const note = await db.notes.get(entry.noteId);
    const current = await db.outbox.get(entry.seq!);
    if (!note || !current) {
      if (current) await db.outbox.delete(entry.seq!);
      return;
    }
    const known = await baseAt(db, note.id, note.version);
    const base = note.deleted
      ? undefined
      : (known ?? (fetched?.version === note.version ? fetched : undefined));
    // A locked note's three texts are ciphertext: merged here, on the device, in plain text (never on the server).
    const locked = [note.content, server.content, base?.content ?? ''].some(isLockedNoteText);
    if (locked && !canOpenLockedNotes()) return waitForUnlock(ctx, entry);
    const plain = (fields: NoteFields) => (locked ? openFields(note.id, fields) : fields);
    const serverText = plain(server);
    const merged = base ? mergeNote(plain(base), plain(note), serverText) : null;
    await rememberBase(db, note.id, server);
    if (merged?.clean && !sameFields(merged.note, serverText)) {
      await db.notes.put({
        ...note,
        ...(locked ? sealFields(note.id, merged.note) : merged.note),
        serverId: server.id,
        version: server.version,
        updatedAt: ctx.now().toISOString(),
        syncState: 'pending',
        syncError: null,
      });
      await db.outbox.update(entry.seq!, {
        op: 'update',
        serverId: server.id,
        rev: current.rev + 1,
        error: null,
        reason: 'merge',
      });
      return;
    }
    await db.outbox.delete(entry.seq!);
    if (!merged?.clean && !note.deleted && !sameFields(plain(note), serverText)) {
      await keepConflictedCopy(ctx, note, plain(note), locked);
    }
    await db.notes.put(localFromServer(server, note.id));
  });
}

/** `text` becomes a new note beside `note`, and the conflict between them is recorded for the owner. */
async function keepConflictedCopy(
  ctx: PushContext,
  note: LocalNote,
  text: NoteFields,
  locked = false,
): Promise<void> {
  const { db } = ctx;
  // A locked note's copy is locked too (sealed under its own id); its title stays out of the conflicts table.
  const copy = rowToStore(conflictedCopy({ ...note, ...text }, ctx.now()), locked);
  await db.notes.add(copy);
  await enqueueChange(db, copy, 'create');
  await db.conflicts.put({
    copyId: copy.id,
    noteId: note.id,
    title: locked ? '' : text.title,
    createdAt: copy.createdAt,
  });
}

/** A locked note's conflict waits for the vault: kept as it is, retried once unlocked (vault-runtime.ts). */
async function waitForUnlock(ctx: PushContext, entry: OutboxEntry): Promise<void> {
  const { db } = ctx;
  await db.outbox.update(entry.seq!, { error: UNLOCK_TO_MERGE_MESSAGE });
  await db.notes.update(entry.noteId, { syncState: 'error', syncError: UNLOCK_TO_MERGE_MESSAGE });
}

/**
 * The text a resolved conflict discarded goes up first as a version of its own, so the note's text that follows
 * (reason 'conflict') makes the server keep it in History. If the note changed elsewhere meanwhile, that text is
 * kept as a conflicted copy again rather than written over the newer version; the note's own entry then settles
 * like any stale edit.
 */
export async function pushKeptFirst(ctx: PushContext, entry: OutboxEntry, note: LocalNote): Promise<void> {
  const { db, request } = ctx;
  const kept = entry.keepFirst!;
  const answer = await request('PUT', API.note(note.serverId!), {
    ...kept,
    ...(note.version === null ? {} : { baseVersion: note.version }),
    reason: 'conflict',
  });
  throwIfStopping(answer);
  if (answer.status !== 200 && answer.status !== 409) return refuse(ctx, entry, answer);
  await db.transaction('rw', [db.notes, db.outbox, db.syncBases, db.conflicts], async () => {
    const current = await db.outbox.get(entry.seq!);
    if (current) await db.outbox.update(entry.seq!, { keepFirst: undefined });
    if (answer.status === 409) return keepConflictedCopy(ctx, note, kept);
    const server = NoteSchema.parse(answer.body);
    // The note's text is still to be sent, now on top of the version holding the kept text.
    await db.notes.update(note.id, { serverId: server.id, version: server.version });
    await rememberBase(db, note.id, server);
  });
}

/** 409 on a delete: the note was edited elsewhere since this device saw it. It comes back with that edit. */
export async function undoDelete(ctx: PushContext, entry: OutboxEntry, server: Note): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.notes, db.outbox, db.notices, db.trash, db.syncBases], async () => {
    await db.outbox.delete(entry.seq!);
    await db.notes.put(localFromServer(server, entry.noteId));
    await db.trash.delete(entry.noteId);
    await rememberBase(db, entry.noteId, server);
    await addNotice(db, entry.noteId, deleteRefusedMessage(server.title), ctx.now());
  });
}

/** 404 on an edit (410 on a create): another device deleted the note. Keep the local text as a new note rather than lose it. */
export async function recreate(ctx: PushContext, entry: OutboxEntry): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.notes, db.outbox, db.syncBases], async () => {
    const note = await db.notes.get(entry.noteId);
    await db.outbox.delete(entry.seq!);
    if (!note) return;
    await db.notes.delete(note.id);
    await db.syncBases.delete(note.id);
    const copy = { ...conflictedCopy(note, ctx.now()), title: note.title, createdAt: note.createdAt };
    await db.notes.add(copy);
    await enqueueChange(db, copy, 'create');
  });
}

/** A 4xx the user must see: keep the entry and the note, mark both with the server's reason. */
export async function refuse(ctx: PushContext, entry: OutboxEntry, answer: HttpAnswer): Promise<void> {
  const { db } = ctx;
  const reason = describeAnswer(answer);
  await db.transaction('rw', db.notes, db.outbox, async () => {
    await db.outbox.update(entry.seq!, { error: reason });
    await db.notes.update(entry.noteId, { syncState: 'error', syncError: reason });
  });
}
