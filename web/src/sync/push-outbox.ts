// Pushes the outbox in queue order, a batch of entries per request (POST /api/notes/batch: one server
// transaction for all of them), and records what the server answered for each: ids mapped, versions advanced,
// stale edits merged or kept as copies, refusals kept visible. A batch's answers are written in one local
// transaction, so the screens' live queries see one change per batch rather than one per note. Stops (throws) on
// the answers that end a round: unreachable/5xx (retry later) and 401 (sign in again).
import { API, NOTE_BATCH_MAX, NoteBatchAnswerSchema, type NoteBatchChange } from '@private-notes/shared';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { LocalNote, OutboxEntry, SyncBase } from '../db/types.ts';
import { declaredFilesOf, fieldsOf, type NoteFields } from './note-mapping.ts';
import type { PushContext } from './push-context.ts';
import { recordAcceptedInBulk, settlement } from './settle-answer.ts';
import { pushKeptFirst } from './settle-conflicts.ts';
import { fetchBase } from './sync-bases.ts';
import { type HttpAnswer, TransientSyncError, throwIfStopping, UnauthorizedSyncError } from './sync-http.ts';

export type { PushContext } from './push-context.ts';

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
export type Plan =
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
    // A locked note's files go beside its ciphertext (the server cannot read them from it).
    const files = declaredFilesOf(note);
    const change: NoteBatchChange =
      entry.op === 'create' || note.serverId === null
        ? // The note's own dates go along, so an offline or imported note keeps them on the server.
          {
            op: 'create',
            ...sent,
            ...files,
            clientId: note.id,
            createdAt: note.createdAt,
            updatedAt: note.updatedAt,
          }
        : {
            op: 'update',
            id: note.serverId,
            ...sent,
            ...files,
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
