// Pushes the outbox in queue order, a batch of entries per request (POST /api/notes/batch: one server
// transaction for all of them), and records what the server answered for each: ids mapped, versions advanced,
// stale edits merged or kept as copies, refusals kept visible. A batch's answers are written in one local
// transaction, so the screens' live queries see one change per batch rather than one per note. Stops (throws) on
// the answers that end a round: unreachable/5xx (retry later) and 401 (sign in again).
import {
  API,
  NOTE_BATCH_MAX,
  type Note,
  NoteBatchAnswerSchema,
  type NoteBatchChange,
  NoteConflictSchema,
  NoteSchema,
} from '@private-notes/shared';
import { mergeNote } from '@private-notes/shared/rules/merge-note';
import type { NotesDatabase } from '../db/notes-database.ts';
import { enqueueChange } from '../db/notes-store.ts';
import type { LocalNote, OutboxEntry, SyncBase } from '../db/types.ts';
import { conflictedCopy } from './conflicted-copy.ts';
import { addNotice, deleteRefusedMessage, rememberDeletion } from './delete-notices.ts';
import { fieldsOf, localFromServer, type NoteFields, sameFields } from './note-mapping.ts';
import { baseAt, baseFromServer, fetchBase, rememberBase } from './sync-bases.ts';
import {
  describeAnswer,
  type HttpAnswer,
  type SyncRequest,
  TransientSyncError,
  throwIfStopping,
  UnauthorizedSyncError,
} from './sync-http.ts';

export interface PushContext {
  db: NotesDatabase;
  request: SyncRequest;
  now: () => Date;
}

/**
 * How many entries one request carries at most: as many as the server takes. Each note has one entry, so notes
 * are independent of each other; the server applies a batch in one transaction with one fsync, and this device
 * writes its answers in one transaction, which the notes screen's live list follows with one read.
 */
export const PUSH_BATCH_SIZE = NOTE_BATCH_MAX;
/**
 * How many bytes of JSON one request carries at most, well within what the server parses for the owner
 * (NOTE_REQUEST_MAX_BYTES); 500 notes of 2 KB fit. A note larger than this goes alone, as it would on its own.
 */
export const PUSH_BATCH_BYTES = 2 * 1024 * 1024;

/**
 * The oldest entries not waiting on the user (refused ones keep their place but are skipped), read a page at a
 * time in key order (one request per page rather than a cursor step per entry).
 */
async function nextEntries(
  db: NotesDatabase,
  skip: ReadonlySet<number>,
  inFlight: ReadonlySet<number>,
): Promise<OutboxEntry[]> {
  const ready: OutboxEntry[] = [];
  let after = -1;
  while (ready.length < PUSH_BATCH_SIZE) {
    const page = await db.outbox.where('seq').above(after).limit(PUSH_BATCH_SIZE).toArray();
    for (const entry of page)
      if (
        entry.error === null &&
        !skip.has(entry.seq!) &&
        !inFlight.has(entry.seq!) &&
        ready.length < PUSH_BATCH_SIZE
      )
        ready.push(entry);
    if (page.length < PUSH_BATCH_SIZE) break;
    after = page[page.length - 1]!.seq!;
  }
  return ready;
}

/**
 * Pushes until the outbox has nothing ready; returns how many entries were sent. The next batch is read and
 * sent before the answers to the one before are written, and goes over the wire while they are: the server has
 * every change sooner, and the local writes (which wake the screens' live reads) never hold up a request.
 */
export async function pushOutbox(ctx: PushContext): Promise<number> {
  let sent = 0;
  // Every step removes or rewrites its entry; an entry seen too often this round (a server answering oddly)
  // waits for the next round instead of spinning.
  const seen = new Map<number, number>();
  const skip = new Set<number>();
  /** Sent, its answers not yet written: never planned again meanwhile. */
  const inFlight = new Set<number>();
  /** Writes the answers received last, once started; null when there are none waiting. */
  let unwritten: (() => Promise<void>) | null = null;
  const write = (): Promise<void> => {
    const next = unwritten;
    unwritten = null;
    return next ? next() : Promise.resolve();
  };
  try {
    for (;;) {
      const entries = await nextEntries(ctx.db, skip, inFlight);
      if (entries.length === 0) {
        if (unwritten === null) break;
        // Writing the last answers may queue more (a merged edit, a conflicted copy): look again after.
        await write();
        continue;
      }
      const planned = await planBatch(ctx.db, entries);
      for (const { entry } of planned) {
        const count = (seen.get(entry.seq!) ?? 0) + 1;
        seen.set(entry.seq!, count);
        if (count >= 3) skip.add(entry.seq!);
        inFlight.add(entry.seq!);
      }
      // This batch goes over the wire while the one before is written; a failure of either ends the round
      // once both are done.
      const [before, now] = await Promise.allSettled([write(), sendBatch(ctx, planned)]);
      const failures = [before, now].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      // A lost session outranks a network error: it needs the owner, not just time.
      const stop = failures.find((f) => f instanceof UnauthorizedSyncError) ?? failures[0];
      if (stop !== undefined) throw stop;
      sent += planned.length;
      const answers = (now as PromiseFulfilledResult<HttpAnswer[]>).value;
      unwritten = () =>
        settleBatch(ctx, planned, answers).finally(() => {
          for (const { entry } of planned) inFlight.delete(entry.seq!);
        });
    }
  } finally {
    // Answers received are written even when the round ends early (else the next round would send them again).
    await write().catch(() => {});
  }
  return sent;
}

/** What an entry needs: a change in the batch, a request of its own (a kept text first), or nothing to send. */
type Plan =
  | {
      entry: OutboxEntry;
      kind: 'change';
      change: NoteBatchChange;
      note: LocalNote | undefined;
      sent: NoteFields | null;
    }
  | { entry: OutboxEntry; kind: 'kept-first'; note: LocalNote }
  | { entry: OutboxEntry; kind: 'drop' };

/**
 * The batch's changes, from the notes as they are now, in queue order, up to PUSH_BATCH_BYTES of JSON (the
 * first entry always goes, whatever its length).
 */
async function planBatch(db: NotesDatabase, entries: readonly OutboxEntry[]): Promise<Plan[]> {
  const notes = await db.notes.bulkGet(entries.map((entry) => entry.noteId));
  const plans: Plan[] = [];
  const encoder = new TextEncoder();
  let bytes = 0;
  for (const [index, entry] of entries.entries()) {
    const note = notes[index];
    if (entry.op === 'delete') {
      // The delete names the version this device saw, so the server refuses it if the note changed since.
      const version = note?.version ?? null;
      const change: NoteBatchChange = {
        op: 'delete',
        id: entry.serverId!,
        ...(version === null ? {} : { version }),
      };
      plans.push({ entry, kind: 'change', change, note, sent: null });
      continue;
    }
    if (!note || note.deleted) {
      plans.push({ entry, kind: 'drop' });
      continue;
    }
    if (entry.keepFirst && entry.op === 'update' && note.serverId !== null) {
      plans.push({ entry, kind: 'kept-first', note });
      continue;
    }
    const sent = fieldsOf(note);
    const change: NoteBatchChange =
      entry.op === 'create' || note.serverId === null
        ? // The note's own dates go along, so an offline or imported note keeps them on the server.
          { op: 'create', ...sent, clientId: note.id, createdAt: note.createdAt, updatedAt: note.updatedAt }
        : {
            op: 'update',
            id: note.serverId,
            ...sent,
            ...(note.version === null ? {} : { baseVersion: note.version }),
            ...(entry.reason ? { reason: entry.reason } : {}),
          };
    const size = encoder.encode(JSON.stringify(change)).length + 1;
    if (bytes > 0 && bytes + size > PUSH_BATCH_BYTES) break;
    bytes += size;
    plans.push({ entry, kind: 'change', change, note, sent });
  }
  return plans;
}

/** One request for the batch's changes; the answer to each, in order. */
async function sendBatch(ctx: PushContext, plans: readonly Plan[]): Promise<HttpAnswer[]> {
  const changes = plans.flatMap((plan) => (plan.kind === 'change' ? [plan.change] : []));
  if (changes.length === 0) return [];
  const answer = await ctx.request('POST', API.notesBatch, { changes });
  throwIfStopping(answer);
  if (answer.status !== 200) {
    // The batch as a whole was refused (never expected from this server): each change shows the reason.
    return changes.map(() => answer);
  }
  const parsed = NoteBatchAnswerSchema.safeParse(answer.body);
  if (!parsed.success || parsed.data.results.length !== changes.length)
    throw new TransientSyncError(`${answer.status}: the server's answer to a batch did not match it`);
  return parsed.data.results.map((result) => ({ status: result.status, statusText: '', body: result.body }));
}

/** Every answer of a batch written in one local transaction (then the kept texts that go first). */
async function settleBatch(
  ctx: PushContext,
  plans: readonly Plan[],
  answers: readonly HttpAnswer[],
): Promise<void> {
  const { db, request } = ctx;
  const changes = plans.flatMap((plan) => (plan.kind === 'change' ? [plan] : []));
  // Requests a settlement may need go first (the local transaction cannot wait on the network): the base of a
  // stale edit this device holds no base for.
  const fetched = new Map<number, SyncBase | undefined>();
  for (const [index, plan] of changes.entries()) {
    if (plan.change.op === 'update' && answers[index]!.status === 409 && plan.note)
      fetched.set(plan.entry.seq!, await fetchBase(db, request, plan.note));
  }
  const settlements = changes.map((plan, index) => settlement(ctx, plan, answers[index]!, fetched));
  await db.transaction(
    'rw',
    [db.notes, db.outbox, db.trash, db.syncBases, db.conflicts, db.notices, db.deletions],
    async () => {
      const dropped = plans.flatMap((plan) => (plan.kind === 'drop' ? [plan.entry.seq!] : []));
      if (dropped.length > 0) await db.outbox.bulkDelete(dropped);
      const left = await recordAcceptedInBulk(
        db,
        settlements.flatMap((settle) => (settle.accepted ? [settle.accepted] : [])),
      );
      for (const settle of settlements) if (!settle.accepted || left.has(settle.accepted)) await settle.run();
    },
  );
  for (const plan of plans) if (plan.kind === 'kept-first') await pushKeptFirst(ctx, plan.entry, plan.note);
}

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
async function recordAcceptedInBulk(
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
function settlement(
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

/**
 * 409: another device changed the note since this one last synced it. With the text both last agreed on (the
 * base) the two edits are merged: the merged text becomes the local note and is pushed on top of the server's
 * version with reason 'merge' (the server keeps the version it replaces). Edits that overlap cannot merge: the
 * server's version replaces the original, the local text becomes a conflicted copy, and the conflict is
 * recorded so the owner sees it and can compare. Nothing is lost either way.
 */
async function mergeOrKeepBoth(
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
    const merged = base ? mergeNote(base, note, server) : null;
    await rememberBase(db, note.id, server);
    if (merged?.clean && !sameFields(merged.note, server)) {
      await db.notes.put({
        ...note,
        ...merged.note,
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
    if (!merged?.clean && !note.deleted && !sameFields(note, server)) {
      await keepConflictedCopy(ctx, note, note);
    }
    await db.notes.put(localFromServer(server, note.id));
  });
}

/** `text` becomes a new note beside `note`, and the conflict between them is recorded for the owner. */
async function keepConflictedCopy(ctx: PushContext, note: LocalNote, text: NoteFields): Promise<void> {
  const { db } = ctx;
  const copy = conflictedCopy({ ...note, ...text }, ctx.now());
  await db.notes.add(copy);
  await enqueueChange(db, copy, 'create');
  await db.conflicts.put({ copyId: copy.id, noteId: note.id, title: text.title, createdAt: copy.createdAt });
}

/**
 * The text a resolved conflict discarded goes up first as a version of its own, so the note's text that follows
 * (reason 'conflict') makes the server keep it in History. If the note changed elsewhere meanwhile, that text is
 * kept as a conflicted copy again rather than written over the newer version; the note's own entry then settles
 * like any stale edit.
 */
async function pushKeptFirst(ctx: PushContext, entry: OutboxEntry, note: LocalNote): Promise<void> {
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
async function undoDelete(ctx: PushContext, entry: OutboxEntry, server: Note): Promise<void> {
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
async function recreate(ctx: PushContext, entry: OutboxEntry): Promise<void> {
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
async function refuse(ctx: PushContext, entry: OutboxEntry, answer: HttpAnswer): Promise<void> {
  const { db } = ctx;
  const reason = describeAnswer(answer);
  await db.transaction('rw', db.notes, db.outbox, async () => {
    await db.outbox.update(entry.seq!, { error: reason });
    await db.notes.update(entry.noteId, { syncState: 'error', syncError: reason });
  });
}
