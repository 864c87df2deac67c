// The owner's study cards in the browser: every change to a flashcard or key point (generated, added by hand,
// edited, suspended, deleted) is written together with its entry in the cards' queue, in one transaction, or a
// crash could keep the change and never send it. sync/push-cards.ts pushes the queue and sync/pull-cards.ts pulls the
// other devices' changes. A locked note's cards are stored sealed (their text encrypted under the note's key,
// locked-note-codec.ts): every write here seals them, and every change that needs their text opens them first.
import {
  type CardKind,
  cardTextError,
  clozeAnswer,
  clozeNumbers,
  clozeTextError,
} from '@private-notes/shared';
import { newClientId } from './client-id.ts';
import { db } from './db.ts';
import { cardToStore, isSealedCard, openStoredCard } from './locked-note-codec.ts';
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
    [database.flashcards, database.keyPoints, database.cardOutbox, database.notes],
    fn,
  );
  notify();
  return result;
}

const noteOf = (database: NotesDatabase, noteId: string | number) => database.notes.get(String(noteId));

/** Stores a card (sealed when its note is locked) and queues it; answers the row as given (plain). */
async function putCard<R extends LocalFlashcard | LocalKeyPoint>(
  database: NotesDatabase,
  kind: CardKind,
  row: R,
): Promise<R> {
  const stored = cardToStore(await noteOf(database, row.noteId), kind, row);
  await (kind === 'flashcard' ? database.flashcards : database.keyPoints).put(stored as never);
  await queue(database, kind, stored, 'put');
  return row;
}

/** The note's stored cards, opened (throws while a sealed one cannot be: the vault is locked). */
async function openedCards<R extends LocalFlashcard | LocalKeyPoint>(
  database: NotesDatabase,
  kind: CardKind,
  noteId: string | number,
  rows: R[],
): Promise<R[]> {
  if (!rows.some((row) => isSealedCard(kind, row))) return rows;
  const note = await noteOf(database, noteId);
  return rows.map((row) => openStoredCard(note, kind, row));
}

/** A new generation for a note: see plan-regeneration.ts for what it keeps. */
export function saveGeneratedFlashcards(
  noteId: string | number,
  cards: readonly LocalFlashcard[],
  database: NotesDatabase = db,
): Promise<void> {
  return write(database, async () => {
    const existing = await openedCards(
      database,
      'flashcard',
      noteId,
      await database.flashcards.where('noteId').equals(noteId).toArray(),
    );
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
    for (const card of plan.put)
      await putCard(database, 'flashcard', { ...card, version: versions.get(card.id) ?? 0, cloze: null });
  });
}

export function saveGeneratedKeyPoints(
  noteId: string | number,
  points: readonly LocalKeyPoint[],
  database: NotesDatabase = db,
): Promise<void> {
  return write(database, async () => {
    const existing = await openedCards(
      database,
      'keyPoint',
      noteId,
      await database.keyPoints.where('noteId').equals(noteId).toArray(),
    );
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
      await putCard(database, 'keyPoint', {
        ...point,
        noteId,
        origin: 'generated',
        edited: false,
        version: 0,
      });
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
    return putCard(database, 'flashcard', row);
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
    for (const row of rows) await putCard(database, 'flashcard', row);
    return rows;
  });
}

/** `open: false` for a change that leaves the text alone (a sealed card is then changed while locked). */
async function changeFlashcard(
  id: string,
  change: (row: LocalFlashcard) => LocalFlashcard,
  database: NotesDatabase,
  open = true,
): Promise<LocalFlashcard> {
  return write(database, async () => {
    const stored = await database.flashcards.get(id);
    if (!stored) throw new CardInputError('This card no longer exists.');
    const row = open ? openStoredCard(await noteOf(database, stored.noteId), 'flashcard', stored) : stored;
    return putCard(database, 'flashcard', change(row));
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
  return changeFlashcard(id, (row) => ({ ...row, suspended }), database, false);
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
    return putCard(database, 'keyPoint', row);
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
    const opened = openStoredCard(await noteOf(database, row.noteId), 'keyPoint', row);
    return putCard(database, 'keyPoint', { ...opened, content: content.trim(), edited: true });
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

/** A note's cards opened (before unlocking it, while its key is known), to be stored plain after. */
export interface OpenedCards {
  flashcards: LocalFlashcard[];
  keyPoints: LocalKeyPoint[];
}

export async function openCardsOfNote(noteId: string, database: NotesDatabase = db): Promise<OpenedCards> {
  return database.transaction('r', [database.flashcards, database.keyPoints, database.notes], async () => ({
    flashcards: await openedCards(
      database,
      'flashcard',
      noteId,
      await database.flashcards.where('noteId').equals(noteId).toArray(),
    ),
    keyPoints: await openedCards(
      database,
      'keyPoint',
      noteId,
      await database.keyPoints.where('noteId').equals(noteId).toArray(),
    ),
  }));
}

/**
 * Stores a note's cards again as its stored note now asks: sealed after the note was locked, plain after it was
 * unlocked (pass the cards openCardsOfNote gave before). Each changed card is sent again, so the server keeps
 * ciphertext only for a locked note. Answers how many cards changed.
 */
export function restoreCardsOfNote(
  noteId: string,
  opened?: OpenedCards,
  database: NotesDatabase = db,
  /** Store every card again even when it stays sealed (a vault key rotation gave the note a new key). */
  options: { always?: boolean } = {},
): Promise<number> {
  return write(database, async () => {
    let changed = 0;
    const note = await noteOf(database, noteId);
    for (const kind of ['flashcard', 'keyPoint'] as const) {
      const table = kind === 'flashcard' ? database.flashcards : database.keyPoints;
      const given = kind === 'flashcard' ? opened?.flashcards : opened?.keyPoints;
      const rows: (LocalFlashcard | LocalKeyPoint)[] =
        given ?? (await table.where('noteId').equals(noteId).toArray());
      for (const row of rows) {
        const current = await table.get(row.id);
        if (!current) continue; // deleted meanwhile
        const stored = cardToStore(note, kind, row);
        if (!options.always && isSealedCard(kind, stored) === isSealedCard(kind, current)) continue;
        await putCard(database, kind, { ...row, version: current.version });
        changed++;
      }
    }
    return changed;
  });
}
