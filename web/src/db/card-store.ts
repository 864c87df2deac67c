// The owner's study cards in the browser: every change to a flashcard or key point (generated, added by hand,
// edited, suspended, deleted) is written together with its entry in the cards' queue, in one transaction, or a
// crash could keep the change and never send it. sync/push-cards.ts pushes the queue and sync/pull-cards.ts pulls the
// other devices' changes.
import {
  type CardKind,
  cardTextError,
  clozeAnswer,
  clozeNumbers,
  clozeTextError,
} from '@private-notes/shared';
import { newClientId } from './client-id.ts';
import { db } from './db.ts';
import type { NotesDatabase } from './notes-database.ts';
import { isOwnersCard, planRegeneration } from './plan-regeneration.ts';
import type { LocalFlashcard, LocalKeyPoint } from './types.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Card sync listens here to push soon after a change. */
export function onCardQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** A card the owner asked for is not there (deleted meanwhile, on this device or by a sync). */
export class CardInputError extends Error {}

export const newCardChange = (): string => `c${newClientId().slice(1)}`;

/** Queues the card's current row (put) or its delete; must run inside a transaction over the card's table. */
async function queue(
  database: NotesDatabase,
  kind: CardKind,
  row: LocalFlashcard | LocalKeyPoint,
  op: 'put' | 'delete',
): Promise<void> {
  const baseVersion = row.version ?? 0;
  // A card the server never had and now deleted here: nothing to tell anyone (an offline create and delete
  // sends nothing).
  if (op === 'delete' && baseVersion === 0) {
    await database.cardOutbox.delete(row.id);
    return;
  }
  await database.cardOutbox.put({
    id: row.id,
    kind,
    noteId: String(row.noteId),
    op,
    change: newCardChange(),
    baseVersion,
    error: null,
  });
}

async function write<T>(database: NotesDatabase, fn: () => Promise<T>): Promise<T> {
  const result = await database.transaction(
    'rw',
    database.flashcards,
    database.keyPoints,
    database.cardOutbox,
    fn,
  );
  notify();
  return result;
}

/** A new generation for a note: see plan-regeneration.ts for what it keeps. */
export function saveGeneratedFlashcards(
  noteId: string | number,
  cards: readonly LocalFlashcard[],
  database: NotesDatabase = db,
): Promise<void> {
  return write(database, async () => {
    const existing = await database.flashcards.where('noteId').equals(noteId).toArray();
    const generated = cards.map(
      (card): LocalFlashcard => ({ ...card, noteId, origin: 'generated', edited: false, suspended: false }),
    );
    const plan = planRegeneration(
      existing,
      generated,
      (a, b) => a.question === b.question && a.answer === b.answer,
    );
    const versions = new Map(existing.map((card) => [card.id, card.version]));
    for (const id of plan.remove) {
      const row = existing.find((card) => card.id === id)!;
      await database.flashcards.delete(id);
      await queue(database, 'flashcard', row, 'delete');
    }
    for (const card of plan.put) {
      const row = { ...card, version: versions.get(card.id) ?? 0, cloze: null };
      await database.flashcards.put(row);
      await queue(database, 'flashcard', row, 'put');
    }
  });
}

export function saveGeneratedKeyPoints(
  noteId: string | number,
  points: readonly LocalKeyPoint[],
  database: NotesDatabase = db,
): Promise<void> {
  return write(database, async () => {
    const existing = await database.keyPoints.where('noteId').equals(noteId).toArray();
    // Key point ids are new with every generation, so points are matched by their text: an untouched one the
    // new set still has keeps its row (and id), one it no longer has goes, and only new texts come in.
    const fresh = new Set(points.map((p) => p.content));
    const have = new Set(existing.map((p) => p.content));
    for (const row of existing) {
      if (isOwnersCard(row) || fresh.has(row.content)) continue;
      await database.keyPoints.delete(row.id);
      await queue(database, 'keyPoint', row, 'delete');
    }
    for (const point of points) {
      if (have.has(point.content)) continue;
      const row: LocalKeyPoint = { ...point, noteId, origin: 'generated', edited: false, version: 0 };
      await database.keyPoints.put(row);
      await queue(database, 'keyPoint', row, 'put');
    }
  });
}

function manualId(prefix: string): string {
  return `${prefix}-${newClientId().slice(1)}`;
}

export interface CardText {
  question: string;
  answer: string;
}

function checked(input: CardText): CardText {
  const error = cardTextError('Question', input.question) ?? cardTextError('Answer', input.answer);
  if (error) throw new CardInputError(error);
  return { question: input.question.trim(), answer: input.answer.trim() };
}

export async function addFlashcard(
  noteId: string,
  input: CardText,
  database: NotesDatabase = db,
): Promise<LocalFlashcard> {
  const text = checked(input);
  return write(database, async () => {
    const row: LocalFlashcard = {
      id: manualId('fm'),
      noteId,
      ...text,
      cloze: null,
      origin: 'manual',
      edited: false,
      suspended: false,
      version: 0,
    };
    await database.flashcards.add(row);
    await queue(database, 'flashcard', row, 'put');
    return row;
  });
}

/** One card per deletion number (c1, c2, …), each with its own schedule. */
export async function addClozeCards(
  noteId: string,
  text: string,
  database: NotesDatabase = db,
): Promise<LocalFlashcard[]> {
  const error = clozeTextError(text);
  if (error) throw new CardInputError(error);
  const source = text.trim();
  const base = manualId('fz');
  return write(database, async () => {
    const rows = clozeNumbers(source).map(
      (n): LocalFlashcard => ({
        id: `${base}-c${n}`,
        noteId,
        question: source,
        answer: clozeAnswer(source, n),
        cloze: n,
        origin: 'manual',
        edited: false,
        suspended: false,
        version: 0,
      }),
    );
    for (const row of rows) {
      await database.flashcards.add(row);
      await queue(database, 'flashcard', row, 'put');
    }
    return rows;
  });
}

async function changeFlashcard(
  id: string,
  change: (row: LocalFlashcard) => LocalFlashcard,
  database: NotesDatabase,
): Promise<LocalFlashcard> {
  return write(database, async () => {
    const row = await database.flashcards.get(id);
    if (!row) throw new CardInputError('This card no longer exists.');
    const next = change(row);
    await database.flashcards.put(next);
    await queue(database, 'flashcard', next, 'put');
    return next;
  });
}

/** New text for a card; a cloze card takes its cloze text as `question` (its answer follows from it). */
export async function editFlashcard(
  id: string,
  input: CardText,
  database: NotesDatabase = db,
): Promise<LocalFlashcard> {
  return await changeFlashcard(
    id,
    (row) => {
      if (row.cloze) {
        const error = clozeTextError(input.question, row.cloze);
        if (error) throw new CardInputError(error);
        const question = input.question.trim();
        return { ...row, question, answer: clozeAnswer(question, row.cloze), edited: true };
      }
      return { ...row, ...checked(input), edited: true };
    },
    database,
  );
}

export async function setCardSuspended(
  id: string,
  suspended: boolean,
  database: NotesDatabase = db,
): Promise<LocalFlashcard> {
  return changeFlashcard(id, (row) => ({ ...row, suspended }), database);
}

/** Deletes a card everywhere; its reviews stay (the history of a card that existed). */
export function deleteFlashcard(id: string, database: NotesDatabase = db): Promise<void> {
  return write(database, async () => {
    const row = await database.flashcards.get(id);
    if (!row) return;
    await database.flashcards.delete(id);
    await queue(database, 'flashcard', row, 'delete');
  });
}

export async function addKeyPoint(
  noteId: string,
  content: string,
  database: NotesDatabase = db,
): Promise<LocalKeyPoint> {
  const error = cardTextError('Key point', content);
  if (error) throw new CardInputError(error);
  return write(database, async () => {
    // `kp-` ids sort by creation in the Key Points list, after the generated ones of the same time.
    const row: LocalKeyPoint = {
      id: `kp-m${Date.now()}${newClientId().slice(1, 9)}`,
      noteId,
      content: content.trim(),
      origin: 'manual',
      edited: false,
      version: 0,
    };
    await database.keyPoints.add(row);
    await queue(database, 'keyPoint', row, 'put');
    return row;
  });
}

export async function editKeyPoint(
  id: string,
  content: string,
  database: NotesDatabase = db,
): Promise<LocalKeyPoint> {
  const error = cardTextError('Key point', content);
  if (error) throw new CardInputError(error);
  return write(database, async () => {
    const row = await database.keyPoints.get(id);
    if (!row) throw new CardInputError('This key point no longer exists.');
    const next = { ...row, content: content.trim(), edited: true };
    await database.keyPoints.put(next);
    await queue(database, 'keyPoint', next, 'put');
    return next;
  });
}

export function deleteKeyPoint(id: string, database: NotesDatabase = db): Promise<void> {
  return write(database, async () => {
    const row = await database.keyPoints.get(id);
    if (!row) return;
    await database.keyPoints.delete(id);
    await queue(database, 'keyPoint', row, 'delete');
  });
}
