// Cards of a locked note in the browser's database (card-store.ts through locked-note-codec.ts with the real
// vault codec): stored and queued sealed, opened in memory for study, refused while the vault is locked (except
// suspending), sealed when their note is locked and plain again when it is unlocked; the session counts the
// cards that wait for an unlock.
import 'fake-indexeddb/auto';
import { createVault, type UnlockedVault } from '@private-notes/shared/vault';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSession } from '../features/study/session-queue.ts';
import { cardState } from '../sync/card-rows.ts';
import { createLockedNoteCache } from '../vault/locked-note-cache.ts';
import {
  addFlashcard,
  addKeyPoint,
  editFlashcard,
  openCardsOfNote,
  restoreCardsOfNote,
  saveGeneratedFlashcards,
  setCardSuspended,
} from './card-store.ts';
import { revealCard, setLockedNoteCodec, VAULT_LOCKED_MESSAGE } from './locked-note-codec.ts';
import { NotesDatabase } from './notes-database.ts';
import { createNote, updateNote } from './notes-store.ts';

const MARKER = 'axolotl-marker-7731';
let vault: UnlockedVault;
const open: NotesDatabase[] = [];
function freshDb(): NotesDatabase {
  const database = new NotesDatabase(`locked-cards-${Math.random()}`);
  open.push(database);
  return database;
}
const everything = async (database: NotesDatabase) =>
  JSON.stringify(await Promise.all(database.tables.map((table) => table.toArray())));

beforeAll(async () => {
  vault = (
    await createVault('test passphrase words here', {
      cost: { memoryKiB: 8192, iterations: 1, parallelism: 1 },
    })
  ).vault;
});
beforeEach(() => setLockedNoteCodec(createLockedNoteCache(vault)));
afterEach(async () => {
  setLockedNoteCodec(null);
  for (const database of open.splice(0)) await database.delete();
});

describe('cards of a locked note', () => {
  it('are stored and queued sealed, and read in plain text in memory only', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'Diary', content: 'Dear diary', tags: [] }, db, { locked: true });
    const card = await addFlashcard(note.id, { question: `What is ${MARKER}?`, answer: MARKER }, db);
    await addKeyPoint(note.id, `Point ${MARKER}`, db);
    await saveGeneratedFlashcards(
      note.id,
      [{ id: 'fc-gen1', noteId: note.id, question: 'Q1', answer: MARKER }],
      db,
    );
    expect(await everything(db)).not.toContain(MARKER);
    const row = (await db.flashcards.get(card.id))!;
    expect(row.question).toMatch(/^pnenc\.1\./);
    expect(await db.cardOutbox.get(card.id)).toMatchObject({ op: 'put' });
    // What the push sends is the stored (sealed) row.
    expect(JSON.stringify(cardState('flashcard', row))).not.toContain(MARKER);
    const stored = await db.notes.get(note.id);
    expect(revealCard(stored, 'flashcard', row)).toMatchObject({
      question: `What is ${MARKER}?`,
      answer: MARKER,
    });
    // An edit opens the card, changes it and seals it again.
    await editFlashcard(card.id, { question: 'New question', answer: `New ${MARKER}` }, db);
    const edited = (await db.flashcards.get(card.id))!;
    expect(edited.answer).not.toContain(MARKER);
    expect(revealCard(stored, 'flashcard', edited)).toMatchObject({ answer: `New ${MARKER}`, edited: true });
    // Regenerating while unlocked compares the opened texts: the same generated card is kept, not duplicated.
    await saveGeneratedFlashcards(
      note.id,
      [{ id: 'fc-gen1', noteId: note.id, question: 'Q1', answer: MARKER }],
      db,
    );
    expect(await db.flashcards.where('noteId').equals(note.id).count()).toBe(2);
  });

  it('while the vault is locked: not shown, not editable, suspendable, counted as waiting in the session', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'Diary', content: 'Dear diary', tags: [] }, db, { locked: true });
    const plain = await createNote({ title: 'Plain', content: 'Plain', tags: [] }, db);
    const card = await addFlashcard(note.id, { question: 'Q?', answer: MARKER }, db);
    await addFlashcard(note.id, { question: 'Q2?', answer: 'A2' }, db);
    await addFlashcard(plain.id, { question: 'Plain Q?', answer: 'Plain A' }, db);
    const unlocked = await loadSession(db, new Date());
    expect(unlocked.waiting).toBe(0);
    expect(unlocked.cards.map((c) => c.card.answer).sort()).toEqual(['A2', 'Plain A', MARKER]);
    expect(unlocked.cards.find((c) => c.card.id === card.id)?.noteTitle).toBe('Diary');

    setLockedNoteCodec(null);
    const locked = await loadSession(db, new Date());
    expect(locked.waiting).toBe(2);
    expect(locked.cards.map((c) => c.card.answer)).toEqual(['Plain A']);
    expect(
      revealCard(await db.notes.get(note.id), 'flashcard', (await db.flashcards.get(card.id))!),
    ).toBeNull();
    await expect(editFlashcard(card.id, { question: 'x', answer: 'y' }, db)).rejects.toThrow(
      VAULT_LOCKED_MESSAGE,
    );
    await expect(addFlashcard(note.id, { question: 'x', answer: 'y' }, db)).rejects.toThrow(
      VAULT_LOCKED_MESSAGE,
    );
    await setCardSuspended(card.id, true, db);
    expect((await db.flashcards.get(card.id))?.suspended).toBe(true);
    expect((await loadSession(db, new Date())).waiting).toBe(1);
  });

  it('are sealed when their note is locked and plain again when it is unlocked, each sent again', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'Plain first', content: 'Text', tags: [] }, db);
    const card = await addFlashcard(note.id, { question: 'Q?', answer: MARKER }, db);
    await addKeyPoint(note.id, `Point ${MARKER}`, db);
    await db.cardOutbox.clear();
    await updateNote(note.id, {}, db, undefined, { locked: true });
    expect(await restoreCardsOfNote(note.id, undefined, db)).toBe(2);
    expect(await everything(db)).not.toContain(MARKER);
    expect(await db.cardOutbox.count()).toBe(2);
    // Unlocking: the cards are opened while the note's key is known, then stored plain.
    const opened = await openCardsOfNote(note.id, db);
    expect(opened.flashcards[0]?.answer).toBe(MARKER);
    await updateNote(note.id, {}, db, undefined, { locked: false });
    expect(await restoreCardsOfNote(note.id, opened, db)).toBe(2);
    expect((await db.flashcards.get(card.id))?.answer).toBe(MARKER);
    // Nothing to change a second time.
    expect(await restoreCardsOfNote(note.id, undefined, db)).toBe(0);
  });
});
