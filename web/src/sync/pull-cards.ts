// Pulls the cards other devices changed (GET /api/cards?since=, tombstones included), page by page. A card with
// a change still queued here is left as it is: the push that follows is answered with the server's card, and
// the server decides between the two (see sync-server/src/services/card-service.ts).
import { CARDS_PATH, type CardChanges } from '@private-notes/shared';
import { storeSyncedCard } from './card-rows.ts';
import type { CardSyncContext } from './push-cards.ts';
import { describeAnswer, throwIfStopping } from './sync-http.ts';

/** syncMeta key of the server's card feed cursor. */
export const CARDS_CURSOR_KEY = 'cards.cursor';

/** Stores the cards changed on the server after our cursor; answers how many rows changed here. */
export async function pullCards({ db, request, pageSize }: CardSyncContext): Promise<number> {
  let changed = 0;
  for (;;) {
    const cursor = (await db.syncMeta.get(CARDS_CURSOR_KEY))?.value;
    const query = new URLSearchParams();
    if (cursor !== undefined && cursor !== null) query.set('since', String(cursor));
    if (pageSize) query.set('limit', String(pageSize));
    const text = query.toString();
    const answer = await request('GET', `${CARDS_PATH}${text ? `?${text}` : ''}`);
    throwIfStopping(answer);
    if (answer.status !== 200) throw new Error(describeAnswer(answer));
    const page = answer.body as CardChanges;
    // The rows and the cursor move together, so an interrupted pull neither skips nor repeats a change.
    changed += await db.transaction(
      'rw',
      [db.flashcards, db.keyPoints, db.cardOutbox, db.syncMeta],
      async () => {
        const queued = await db.cardOutbox.bulkGet(page.cards.map((card) => card.id));
        let stored = 0;
        for (const [index, card] of page.cards.entries()) {
          if (queued[index]) continue;
          const table = card.kind === 'flashcard' ? db.flashcards : db.keyPoints;
          const row = await table.get(card.id);
          if (row && (row.version ?? 0) >= card.version) continue;
          await storeSyncedCard(db, card);
          stored++;
        }
        await db.syncMeta.put({ key: CARDS_CURSOR_KEY, value: page.cursor });
        return stored;
      },
    );
    if (!page.more) return changed;
  }
}
