// How this device records the server's answer to each change of a pushed batch (push-outbox.ts): ids mapped
// and versions advanced for what the server took (in bulk when nothing moved meanwhile), and the stale,
// refused or vanished ones handed to settle-conflicts.ts. Checked before anything is written.
import { type Note, NoteConflictSchema, NoteSchema } from '@private-notes/shared';
import type { NotesDatabase } from '../db/notes-database.ts';
import { enqueueChange } from '../db/notes-store.ts';
import type { LocalNote, OutboxEntry, SyncBase } from '../db/types.ts';
import { rememberDeletion } from './delete-notices.ts';
import { localFromServer, type NoteFields, sameFields } from './note-mapping.ts';
import type { PushContext } from './push-context.ts';
import type { Plan } from './push-outbox.ts';
import { mergeOrKeepBoth, recreate, refuse, undoDelete } from './settle-conflicts.ts';
import { baseFromServer, rememberBase } from './sync-bases.ts';
import type { HttpAnswer } from './sync-http.ts';

/** A create or edit the server took: the usual answer, written for the whole batch at once when it can be. */
interface Accepted {
  entry: OutboxEntry;
  sent: NoteFields;
  server: Note;
  /** A repeated create (200): the server may hold an earlier text than the one sent. */
  mayBeOlder: boolean;
}

/** One change's answer, settled by `run`; `accepted` when it can also be settled in bulk (see recordPushed). */
interface Settlement {
  accepted?: Accepted;
  run: () => Promise<void>;
}

function accept(ctx: PushContext, accepted: Accepted): Settlement {
  const { entry, sent, server, mayBeOlder } = accepted;
  return { accepted, run: () => recordPushed(ctx, entry, sent, server, mayBeOlder) };
}

/**
 * recordPushed's usual case for many entries in a few bulk requests (a request each would keep a batch's
 * transaction busy for seconds): the note untouched since it was sent, so the server's version replaces it and
 * its entry goes. Returns the ones that need recordPushed itself (edited meanwhile, deleted, an older text).
 */
export async function recordAcceptedInBulk(
  db: NotesDatabase,
  accepted: readonly Accepted[],
): Promise<Set<Accepted>> {
  const left = new Set<Accepted>();
  if (accepted.length === 0) return left;
  const [entries, notes] = await Promise.all([
    db.outbox.bulkGet(accepted.map(({ entry }) => entry.seq!)),
    db.notes.bulkGet(accepted.map(({ entry }) => entry.noteId)),
  ]);
  const rows: LocalNote[] = [];
  const bases: SyncBase[] = [];
  const done: number[] = [];
  for (const [index, item] of accepted.entries()) {
    const { entry, sent, server, mayBeOlder } = item;
    const current = entries[index];
    const note = notes[index];
    const untouched = current !== undefined && current.rev === entry.rev && current.op !== 'delete';
    if (!note || !untouched || (mayBeOlder && !sameFields(server, sent))) {
      left.add(item);
      continue;
    }
    rows.push({ ...localFromServer(server, note.id), createdAt: note.createdAt });
    bases.push(baseFromServer(server, note.id));
    done.push(entry.seq!);
  }
  await db.notes.bulkPut(rows);
  await db.syncBases.bulkPut(bases);
  await db.outbox.bulkDelete(done);
  return left;
}

/**
 * What to do locally with one change's answer (the status and body its per-note endpoint would give), checked
 * now so a malformed answer fails the round before anything is written; run inside the batch's transaction.
 */
export function settlement(
  ctx: PushContext,
  plan: Extract<Plan, { kind: 'change' }>,
  answer: HttpAnswer,
  fetched: ReadonlyMap<number, SyncBase | undefined>,
): Settlement {
  const { db } = ctx;
  const { entry, change } = plan;
  const seq = entry.seq!;
  if (change.op === 'delete') {
    // 404: never there or already gone, which is what we wanted.
    if (answer.status < 300 || answer.status === 404) {
      return {
        run: async () => {
          await db.outbox.delete(seq);
          const note = await db.notes.get(entry.noteId);
          if (note?.deleted) {
            await db.notes.delete(note.id);
            await db.syncBases.delete(note.id);
            await rememberDeletion(db, note, ctx.now());
          }
        },
      };
    }
    if (answer.status === 409) {
      const server = NoteConflictSchema.parse(answer.body).note;
      return { run: () => undoDelete(ctx, entry, server) };
    }
    return { run: () => refuse(ctx, entry, answer) };
  }
  const sent = plan.sent!;
  if (change.op === 'create') {
    if (answer.status === 200 || answer.status === 201) {
      // 200 means "that client id already exists": the note may hold an older text than we just sent.
      const server = NoteSchema.parse(answer.body);
      return accept(ctx, { entry, sent, server, mayBeOlder: answer.status === 200 });
    }
    // 410: this client id belongs to a note deleted elsewhere after we created it; keep the text as a new note.
    if (answer.status === 410) return { run: () => recreate(ctx, entry) };
    return { run: () => refuse(ctx, entry, answer) };
  }
  if (answer.status === 200) {
    const server = NoteSchema.parse(answer.body);
    return accept(ctx, { entry, sent, server, mayBeOlder: false });
  }
  if (answer.status === 409) {
    const server = NoteConflictSchema.parse(answer.body).note;
    return { run: () => mergeOrKeepBoth(ctx, entry, server, fetched.get(seq)) };
  }
  if (answer.status === 404 || answer.status === 410) return { run: () => recreate(ctx, entry) };
  return { run: () => refuse(ctx, entry, answer) };
}

/** The server took the change. Map ids and versions; anything edited meanwhile stays queued as an update. */
async function recordPushed(
  ctx: PushContext,
  entry: OutboxEntry,
  sent: NoteFields,
  server: Note,
  mayBeOlder: boolean,
): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.notes, db.outbox, db.trash, db.syncBases], async () => {
    const current = await db.outbox.get(entry.seq!);
    const note = await db.notes.get(entry.noteId);
    if (!note) {
      // Deleted locally while its create was on the wire: the server has it now, so it must be deleted there too
      // (and its Trash copy now names the server's note, so a restore brings that one back).
      await db.trash.update(entry.noteId, { serverId: server.id, version: server.version });
      const tombstone = {
        ...localFromServer(server, entry.noteId),
        deleted: 1 as const,
        syncState: 'pending' as const,
      };
      await db.notes.put(tombstone);
      if (current) await db.outbox.delete(entry.seq!);
      await enqueueChange(db, tombstone, 'delete');
      return;
    }
    // The server holds `server` now: the base of any later merge, whatever happens to the local text.
    await rememberBase(db, note.id, server);
    const untouched = current !== undefined && current.rev === entry.rev && current.op !== 'delete';
    // The server's normalisation (trimmed title, deduplicated tags) is accepted as is, except after a repeated
    // create, where a difference means the server kept an earlier text.
    if (untouched && (!mayBeOlder || sameFields(server, sent))) {
      await db.notes.put({ ...localFromServer(server, note.id), createdAt: note.createdAt });
      await db.outbox.delete(entry.seq!);
      return;
    }
    // Edited during the push, or a retried create answered with an older text: keep the local text, send it next.
    await db.notes.update(note.id, { serverId: server.id, version: server.version });
    if (current) {
      await db.outbox.update(entry.seq!, {
        op: current.op === 'delete' ? 'delete' : 'update',
        serverId: server.id,
      });
    } else {
      await enqueueChange(db, { ...note, serverId: server.id, version: server.version }, 'update');
    }
  });
}
