// Study cards synced between the owner's devices: each card is one record with a version; a device pushes a
// card's whole state (or its delete) with the version it last saw, and pulls what changed after its cursor.
// The rules that keep the owner's work (docs/decisions/card-sync.md):
// - changes apply in the order they reach the server: the last writer wins a card, other cards are untouched;
// - a delete that had not seen the card's latest version is refused (an edit never loses to an older delete);
// - a generator's card (generated, not edited) that had not seen the latest version never replaces a card the
//   owner made, edited, suspended or deleted;
// - a change already applied (a retried push) is answered as applied and not applied again;
// - a card of a locked note must arrive sealed (its text encrypted on the device): plain text is a 400.
import type {
  CardChange,
  CardChanges,
  CardKind,
  CardPushAnswer,
  CardState,
  SyncedCard,
} from '@private-notes/shared';
import { HttpError } from '../http/http-error.ts';
import type { CardRecord, Store } from '../storage/index.ts';
import type { WriteTx } from '../storage/write-tx.ts';
import { checkCardSealing } from '../vault/locked-card-rules.ts';

export const CARD_PAGE_DEFAULT = 500;

function toSynced(record: CardRecord): SyncedCard {
  return {
    kind: record.kind,
    id: record.cardId,
    noteId: record.noteId,
    version: record.version,
    deleted: record.deleted,
    updatedAt: record.updatedAt,
    state: record.state,
  };
}

/** A generator's card the owner has not touched (edited or suspended): regenerating may replace it. */
const untouchedGenerated = (state: CardState | null) =>
  state !== null &&
  state.origin === 'generated' &&
  !state.edited &&
  !(state.kind === 'flashcard' && state.suspended);

function target(change: CardChange): { id: string; kind: CardKind; noteId: string } {
  return change.op === 'put' ? change.card : change;
}

type Result = CardPushAnswer['results'][number];

export class CardService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Applies a batch in one write, in order; a change naming a card of another note or kind refuses the batch. */
  async push(userId: number, changes: readonly CardChange[], now = new Date()): Promise<CardPushAnswer> {
    if (changes.length === 0) return { results: [] };
    const results = await this.#store.write((tx) =>
      changes.map((change, index) => this.#apply(tx, userId, change, index, now.toISOString())),
    );
    return { results };
  }

  #apply(tx: WriteTx, userId: number, change: CardChange, index: number, at: string): Result {
    const { id, kind, noteId } = target(change);
    const existing = tx.lookup('cards', 'cardId', `${userId}:${id}`);
    if (existing && (existing.kind !== kind || existing.noteId !== noteId)) {
      throw new HttpError(400, `changes.${index}: card ${id} belongs to another note or kind`);
    }
    if (existing?.change === change.change) {
      return { change: change.change, status: 'applied', card: toSynced(existing) };
    }
    // A locked note's cards hold ciphertext only (docs/decisions/locked-notes-cards-attachments.md).
    if (change.op === 'put') checkCardSealing(tx, userId, change.card, index);
    const stale = existing !== undefined && change.baseVersion < existing.version;
    const refuse = (record: CardRecord): Result => ({
      change: change.change,
      status: 'refused',
      card: toSynced(record),
    });
    if (change.op === 'delete') {
      if (!existing) {
        // Deleting a card the server never had (made and deleted offline): the tombstone still tells the others.
        const record = tx.insert('cards', {
          userId,
          cardId: id,
          kind,
          noteId,
          version: 1,
          deleted: true,
          state: null,
          change: change.change,
          updatedAt: at,
          seq: tx.seq,
        });
        return { change: change.change, status: 'applied', card: toSynced(record) };
      }
      if (existing.deleted) return { change: change.change, status: 'applied', card: toSynced(existing) };
      if (stale) return refuse(existing);
      const record = tx.update('cards', existing.id, {
        version: existing.version + 1,
        deleted: true,
        state: null,
        change: change.change,
        updatedAt: at,
        seq: tx.seq,
      });
      return { change: change.change, status: 'applied', card: toSynced(record) };
    }
    if (existing && stale && untouchedGenerated(change.card) && !untouchedGenerated(existing.state)) {
      return refuse(existing);
    }
    if (!existing) {
      const record = tx.insert('cards', {
        userId,
        cardId: id,
        kind,
        noteId,
        version: 1,
        deleted: false,
        state: change.card,
        change: change.change,
        updatedAt: at,
        seq: tx.seq,
      });
      return { change: change.change, status: 'applied', card: toSynced(record) };
    }
    const record = tx.update('cards', existing.id, {
      version: existing.version + 1,
      deleted: false,
      state: change.card,
      change: change.change,
      updatedAt: at,
      seq: tx.seq,
    });
    return { change: change.change, status: 'applied', card: toSynced(record) };
  }

  /**
   * Cards changed after `since`, oldest change first. Only writes already on disk are listed, so a cursor handed
   * out never points past data a crash could lose (the same rule as the notes and reviews feeds).
   */
  changes(userId: number, since: number, limit = CARD_PAGE_DEFAULT): CardChanges {
    const durable = this.#store.durableSeq;
    const changed = this.#store
      .filter('cards', (c) => c.userId === userId && c.seq > since && c.seq <= durable)
      .sort((a, b) => a.seq - b.seq || a.id - b.id);
    // A page never splits one write's cards, or the next page (after that seq) would skip the rest.
    let end = Math.min(limit, changed.length);
    while (end < changed.length && end > 0 && changed[end]!.seq === changed[end - 1]!.seq) end++;
    const page = changed.slice(0, end);
    const more = end < changed.length;
    const cursor = more ? page[page.length - 1]!.seq : durable;
    return { cards: page.map(toSynced), cursor: String(cursor), more };
  }
}
