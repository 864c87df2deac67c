// Pushes the cards' queue (db/card-store.ts) in batches: each change carries the version this device last saw,
// and the server answers per change with the card as it now keeps it, which becomes the row here. A change the
// server refused because it had not seen another device's edit (a delete, a generated card over the owner's)
// brings the server's card back here. A change the server finds invalid waits with its reason, never blocking
// the rest of the queue.
import {
  CARD_BATCH_MAX,
  CARDS_PATH,
  type CardChange,
  type CardPushAnswer,
  type SyncedCard,
} from '@private-notes/shared';
import { PLAIN_CARD_OF_LOCKED_NOTE_MESSAGE } from '@private-notes/shared/vault/sealed-card';
import { newCardChange } from '../db/card-store.ts';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { CardOutboxEntry } from '../db/types.ts';
import { cardState, storeSyncedCard } from './card-rows.ts';
import { describeAnswer, type SyncRequest, throwIfStopping } from './sync-http.ts';

export interface CardSyncContext {
  db: NotesDatabase;
  request: SyncRequest;
  pageSize?: number | undefined;
  /** A plain card was refused because the server still has its note locked: the caller tries again soon. */
  onWaitingForNote?: (() => void) | undefined;
}

async function toChange(db: NotesDatabase, entry: CardOutboxEntry): Promise<CardChange | null> {
  const { id, kind, noteId, change, baseVersion } = entry;
  if (entry.op === 'delete') return { op: 'delete', change, baseVersion, kind, id, noteId };
  const row = await (kind === 'flashcard' ? db.flashcards : db.keyPoints).get(id);
  return row ? { op: 'put', change, baseVersion, card: cardState(kind, row) } : null;
}

/** Stores the server's answer to one change, unless the card changed here again meanwhile. */
async function settle(db: NotesDatabase, sent: CardChange, card: SyncedCard): Promise<void> {
  const id = sent.op === 'put' ? sent.card.id : sent.id;
  const entry = await db.cardOutbox.get(id);
  if (entry?.change === sent.change) {
    await db.cardOutbox.delete(id);
    await storeSyncedCard(db, card);
    return;
  }
  const table = card.kind === 'flashcard' ? db.flashcards : db.keyPoints;
  const row = await table.get(id);
  if (entry) {
    // The newer change here follows the one just stored: it is based on the version the server gave it.
    await db.cardOutbox.put({ ...entry, baseVersion: card.version });
    if (row) await table.update(id, { version: card.version });
  } else if (!row && !card.deleted) {
    // Deleted here while its first push was on the way (that delete queued nothing): delete it there too.
    await db.cardOutbox.put({
      id,
      kind: card.kind,
      noteId: card.noteId,
      op: 'delete',
      change: newCardChange(),
      baseVersion: card.version,
      error: null,
    });
  }
}

async function send(ctx: CardSyncContext, batch: { entry: CardOutboxEntry; change: CardChange }[]) {
  const { db, request } = ctx;
  const answer = await request('POST', CARDS_PATH, { changes: batch.map((b) => b.change) });
  throwIfStopping(answer);
  if (answer.status === 400 && batch.length > 1) {
    // One bad change refuses its batch: send them one at a time, so only that one waits with its reason.
    for (const one of batch) await send(ctx, [one]);
    return;
  }
  if (answer.status === 400) {
    const { entry } = batch[0]!;
    const reason = describeAnswer(answer);
    // A plain card of a note the server still has locked: the note's unlock is on its way (the notes' outbox
    // syncs on its own), so the card is sent again soon (onWaitingForNote) rather than waiting for another change.
    if (reason.includes(PLAIN_CARD_OF_LOCKED_NOTE_MESSAGE)) {
      ctx.onWaitingForNote?.();
      return;
    }
    await db.transaction('rw', db.cardOutbox, async () => {
      const now = await db.cardOutbox.get(entry.id);
      if (now?.change === entry.change) await db.cardOutbox.put({ ...now, error: reason });
    });
    return;
  }
  if (answer.status !== 200) throw new Error(describeAnswer(answer));
  const { results } = answer.body as CardPushAnswer;
  await db.transaction('rw', db.flashcards, db.keyPoints, db.cardOutbox, async () => {
    for (const [index, result] of results.entries()) await settle(db, batch[index]!.change, result.card);
  });
}

/** Sends every queued card change; answers how many were sent. */
export async function pushCards(ctx: CardSyncContext): Promise<number> {
  const { db } = ctx;
  let sent = 0;
  const tried = new Set<string>();
  for (;;) {
    // Refused entries (an `error`) wait for the card to change again; each change is sent once per round.
    const entries = await db.cardOutbox
      .filter((entry) => entry.error === null && !tried.has(entry.change))
      .limit(CARD_BATCH_MAX)
      .toArray();
    if (entries.length === 0) return sent;
    const batch: { entry: CardOutboxEntry; change: CardChange }[] = [];
    for (const entry of entries) {
      tried.add(entry.change);
      const change = await toChange(db, entry);
      if (change) batch.push({ entry, change });
      else await db.cardOutbox.where({ id: entry.id, change: entry.change }).delete();
    }
    if (batch.length === 0) continue;
    await send(ctx, batch);
    sent += batch.length;
  }
}
