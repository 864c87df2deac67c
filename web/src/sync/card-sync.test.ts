// Card sync against the real server on loopback, each device its own IndexedDB (fake-indexeddb): cards made on
// one device reach the other, edits merge per card, the last writer wins a card, a delete that did not see an
// edit is refused and the card comes back, regenerating keeps the owner's cards, nothing is sent twice.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addClozeCards,
  addFlashcard,
  addKeyPoint,
  CardInputError,
  deleteFlashcard,
  editFlashcard,
  editKeyPoint,
  saveGeneratedFlashcards,
  saveGeneratedKeyPoints,
  setCardSuspended,
} from '../db/card-store.ts';
import { NotesDatabase } from '../db/notes-database.ts';
import type { LocalFlashcard } from '../db/types.ts';
import type { CardSyncContext } from './push-cards.ts';
import { syncCards } from './sync-cards.ts';
import { createSyncRequest } from './sync-http.ts';
import {
  type Call,
  type Faults,
  faultyFetch,
  startTestServer,
  type TestServer,
} from './sync-test-harness.ts';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
});
afterAll(() => server.close());

let counter = 0;
function device() {
  const faults: Faults = { down: false, fail500: 0, loseResponse: null, afterResponse: null };
  const calls: Call[] = [];
  const db = new NotesDatabase(`cards-${process.pid}-${++counter}-${Date.now()}`);
  const request = createSyncRequest({
    baseUrl: server.url,
    fetch: faultyFetch(faults, calls),
    headers: () => ({ cookie }),
  });
  const ctx: CardSyncContext = { db, request };
  const sync = () => syncCards(ctx);
  return { db, ctx, faults, calls, sync };
}

let notes = 0;
const generated = (noteId: string, ...ids: string[]): LocalFlashcard[] =>
  ids.map((id) => ({ id, noteId, question: `What is ${id}?`, answer: `${id} is a card.` }));
const sorted = (cards: LocalFlashcard[]) => [...cards].sort((a, b) => (a.id < b.id ? -1 : 1));
const cardsOf = async (db: NotesDatabase, noteId: string) =>
  sorted(await db.flashcards.where('noteId').equals(noteId).toArray()).map(
    ({ id, question, answer, origin, edited, suspended, cloze }) => ({
      id,
      question,
      answer,
      origin,
      edited,
      suspended,
      cloze,
    }),
  );

describe('card sync', () => {
  it('cards generated, added and edited on A reach B with the same ids', async () => {
    const noteId = `n-sync-${++notes}`;
    const a = device();
    const b = device();
    await saveGeneratedFlashcards(noteId, generated(noteId, 'fc-1', 'fc-2'), a.db);
    await addFlashcard(noteId, { question: 'Hand-made?', answer: 'Yes' }, a.db);
    const cloze = await addClozeCards(noteId, '{{c1::Paris}} is the capital of {{c2::France}}.', a.db);
    expect(cloze.map((c) => [c.cloze, c.answer])).toEqual([
      [1, 'Paris'],
      [2, 'France'],
    ]);
    await editFlashcard('fc-1', { question: 'What is fc-1?', answer: 'Fixed by hand' }, a.db);
    await saveGeneratedKeyPoints(noteId, [{ id: 'kp-01', noteId, content: 'First point' }], a.db);
    expect(await a.db.cardOutbox.count()).toBe(6);

    expect(await a.sync()).toEqual({ pulled: 0, pushed: 6 });
    expect(await a.db.cardOutbox.count()).toBe(0);
    const onB = await b.sync();
    expect(onB.pushed).toBe(0);
    expect(await cardsOf(b.db, noteId)).toEqual(await cardsOf(a.db, noteId));
    expect((await b.db.flashcards.get('fc-1'))?.answer).toBe('Fixed by hand');
    expect((await b.db.keyPoints.where('noteId').equals(noteId).toArray()).map((p) => p.content)).toEqual([
      'First point',
    ]);
    // Nothing more to send either way.
    expect(await a.sync()).toEqual({ pulled: 0, pushed: 0 });
  });

  it('merges per card: edits of two cards on two devices both stay; one card: the last to arrive wins', async () => {
    const noteId = `n-sync-${++notes}`;
    const a = device();
    const b = device();
    await saveGeneratedFlashcards(noteId, generated(noteId, 'fc-m1', 'fc-m2'), a.db);
    await a.sync();
    await b.sync();
    await editFlashcard('fc-m1', { question: 'A asks?', answer: 'A' }, a.db);
    await editFlashcard('fc-m2', { question: 'B asks?', answer: 'B' }, b.db);
    await setCardSuspended('fc-m1', true, b.db);
    await a.sync();
    await b.sync();
    await a.sync();
    // fc-m2: only B changed it. fc-m1: A's edit arrived first, B's suspend (a whole card state) after it.
    for (const db of [a.db, b.db]) {
      expect(await db.flashcards.get('fc-m2')).toMatchObject({ question: 'B asks?', edited: true });
      expect(await db.flashcards.get('fc-m1')).toMatchObject({ suspended: true });
    }
    expect(await a.db.flashcards.get('fc-m1')).toEqual(await b.db.flashcards.get('fc-m1'));
  });

  it('a delete that had not seen an edit made elsewhere is refused, and the card comes back', async () => {
    const noteId = `n-sync-${++notes}`;
    const a = device();
    const b = device();
    await addFlashcard(noteId, { question: 'Keep me?', answer: 'Yes' }, a.db);
    const [card] = await a.db.flashcards.where('noteId').equals(noteId).toArray();
    await a.sync();
    await b.sync();
    await editFlashcard(card!.id, { question: 'Keep me?', answer: 'Edited on A' }, a.db);
    await deleteFlashcard(card!.id, b.db);
    await a.sync();
    await b.sync();
    expect(await b.db.flashcards.get(card!.id)).toMatchObject({ answer: 'Edited on A' });
    expect(await b.db.cardOutbox.count()).toBe(0);
    // A delete that saw the latest version goes everywhere.
    await deleteFlashcard(card!.id, b.db);
    await b.sync();
    await a.sync();
    expect(await a.db.flashcards.get(card!.id)).toBeUndefined();
    expect(await b.db.flashcards.get(card!.id)).toBeUndefined();
  });

  it('regenerating keeps hand-made, edited and suspended cards and their ids on every device', async () => {
    const noteId = `n-sync-${++notes}`;
    const a = device();
    const b = device();
    await saveGeneratedFlashcards(noteId, generated(noteId, 'fc-r1', 'fc-r2', 'fc-r3', 'fc-r4'), a.db);
    await a.sync();
    await b.sync();
    // B adds a card and edits one while A regenerates (offline from each other).
    const manual = await addFlashcard(noteId, { question: 'Mine?', answer: 'Mine' }, b.db);
    await editFlashcard('fc-r2', { question: 'What is fc-r2?', answer: 'Corrected' }, b.db);
    await setCardSuspended('fc-r3', true, a.db);
    const next = generated(noteId, 'fc-r1', 'fc-r5');
    next[0]!.answer = 'fc-r1, generated again';
    await saveGeneratedFlashcards(noteId, next, a.db);
    // On A: r1 new text (same id), r2 gone (untouched here), r3 kept (suspended), r4 gone, r5 new.
    expect((await cardsOf(a.db, noteId)).map((c) => c.id)).toEqual(['fc-r1', 'fc-r3', 'fc-r5']);
    await b.sync();
    await a.sync();
    await b.sync();
    const onA = await cardsOf(a.db, noteId);
    // B's edited card survived A's regeneration (a stale delete is refused), and B's hand-made card is there.
    expect(onA.map((c) => c.id)).toEqual(
      sorted([
        { id: 'fc-r1' },
        { id: 'fc-r2' },
        { id: 'fc-r3' },
        { id: 'fc-r5' },
        manual,
      ] as LocalFlashcard[]).map((c) => c.id),
    );
    expect(onA.find((c) => c.id === 'fc-r2')).toMatchObject({ answer: 'Corrected', edited: true });
    expect(onA.find((c) => c.id === 'fc-r1')).toMatchObject({ answer: 'fc-r1, generated again' });
    expect(await cardsOf(b.db, noteId)).toEqual(onA);
  });

  it('an offline add then delete sends nothing; a lost answer is not applied twice', async () => {
    const noteId = `n-sync-${++notes}`;
    const a = device();
    const gone = await addFlashcard(noteId, { question: 'Oops?', answer: 'Oops' }, a.db);
    await deleteFlashcard(gone.id, a.db);
    expect(await a.db.cardOutbox.count()).toBe(0);

    await addKeyPoint(noteId, 'A point by hand', a.db);
    a.faults.loseResponse = (method, url) => method === 'POST' && url.includes('/api/cards');
    await expect(a.sync()).rejects.toThrow();
    expect(await a.db.cardOutbox.count()).toBe(1);
    await a.sync();
    expect(await a.db.cardOutbox.count()).toBe(0);
    const [point] = await a.db.keyPoints.where('noteId').equals(noteId).toArray();
    expect(point).toMatchObject({ content: 'A point by hand', version: 1 });
    await editKeyPoint(point!.id, 'A point, edited', a.db);
    await a.sync();
    expect((await a.db.keyPoints.get(point!.id))?.version).toBe(2);
  });

  it('refuses bad input and changes nothing', async () => {
    const a = device();
    await expect(addFlashcard('n-x', { question: ' ', answer: 'a' }, a.db)).rejects.toThrow(
      new CardInputError('Question is required'),
    );
    await expect(addClozeCards('n-x', 'No deletion', a.db)).rejects.toBeInstanceOf(CardInputError);
    const [cloze] = await addClozeCards('n-x', '{{c1::One}} and {{c2::two}}', a.db);
    await expect(
      editFlashcard(cloze!.id, { question: '{{c2::two}} only', answer: '' }, a.db),
    ).rejects.toThrow('This card asks for deletion c1: keep a {{c1::…}} in the text');
    expect((await a.db.flashcards.get(cloze!.id))?.question).toBe('{{c1::One}} and {{c2::two}}');
    expect(await a.db.flashcards.count()).toBe(2);
  });
});
