// Per-note drafts against real IndexedDB semantics (fake-indexeddb): one per note and one for a new note, the
// conditional removal after a save, the reopen rule, orphan pruning, and the v7 upgrade of a note_draft.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deleteEditorDraftIfSaved,
  deleteOwnEditorDraft,
  lastOpenEditorDraft,
  loadEditorDraft,
  ORPHAN_DRAFT_DAYS,
  pruneOrphanEditorDrafts,
  putEditorDraft,
} from './draft-store.ts';
import { NotesDatabase } from './notes-database.ts';
import { createNote, deleteNote } from './notes-store.ts';

const open: NotesDatabase[] = [];
function freshDb(name = `draft-test-${Math.random()}`): NotesDatabase {
  const database = new NotesDatabase(name);
  open.push(database);
  return database;
}
afterEach(async () => {
  for (const database of open.splice(0)) await database.delete();
});

const fields = (noteId: string | null, content: string, open = true) => ({
  noteId,
  title: 'T',
  content,
  tagInput: '',
  open,
});

describe('per-note drafts', () => {
  it('keeps one draft per note and one for a new note, side by side', async () => {
    const db = freshDb();
    await putEditorDraft(fields('a', 'note A text'), db);
    await putEditorDraft(fields('b', 'note B text'), db);
    await putEditorDraft(fields(null, 'a new note'), db);
    await putEditorDraft(fields('a', 'note A, later'), db);
    expect((await loadEditorDraft('a', db))?.content).toBe('note A, later');
    expect((await loadEditorDraft('b', db))?.content).toBe('note B text');
    expect((await loadEditorDraft(null, db))?.content).toBe('a new note');
    expect(await db.noteDrafts.count()).toBe(3);
  });

  it('after a save removes the draft only when it holds the saved text', async () => {
    const db = freshDb();
    await putEditorDraft(fields('a', 'typed after the save began'), db);
    expect(await deleteEditorDraftIfSaved('a', { title: 'T', content: 'saved', tagInput: '' }, db)).toBe(
      false,
    );
    expect(await loadEditorDraft('a', db)).toBeDefined();
    expect(
      await deleteEditorDraftIfSaved(
        'a',
        { title: 'T', content: 'typed after the save began', tagInput: '' },
        db,
      ),
    ).toBe(true);
    expect(await loadEditorDraft('a', db)).toBeUndefined();
  });

  it('reopens the newest draft an editor was showing, not one left inside the app', async () => {
    const db = freshDb();
    await putEditorDraft(fields('a', 'open, older'), db, new Date('2026-11-25T10:00:00Z'));
    await putEditorDraft(fields('b', 'left by a link', false), db, new Date('2026-11-25T12:00:00Z'));
    await putEditorDraft(fields('c', 'open, newest'), db, new Date('2026-11-25T11:00:00Z'));
    expect((await lastOpenEditorDraft(db))?.noteId).toBe('c');
  });

  it('removes drafts of notes gone for a month, and nothing else', async () => {
    const db = freshDb();
    const kept = await createNote({ title: 'Kept', content: 'x', tags: [] }, db);
    const gone = await createNote({ title: 'Gone', content: 'x', tags: [] }, db);
    await deleteNote(gone.id, db);
    const old = new Date('2026-10-01T00:00:00Z');
    await putEditorDraft(fields(kept.id, 'old draft of a living note'), db, old);
    await putEditorDraft(fields(gone.id, 'old draft of a deleted note'), db, old);
    await putEditorDraft(fields('never-existed', 'recent orphan'), db, new Date('2026-11-20T00:00:00Z'));
    await putEditorDraft(fields(null, 'old new-note draft'), db, old);
    const now = new Date(old.getTime() + (ORPHAN_DRAFT_DAYS + 1) * 86_400_000);
    expect(await pruneOrphanEditorDrafts(db, now)).toBe(1);
    expect((await db.noteDrafts.toArray()).map((d) => d.content).sort()).toEqual([
      'old draft of a living note',
      'old new-note draft',
      'recent orphan',
    ]);
  });

  it('the v7 upgrade keeps an existing note_draft as that note’s draft', async () => {
    const name = `draft-upgrade-${Math.random()}`;
    // A version 6 database as the app left it, with the spec's note_draft row.
    const v6 = new Dexie(name);
    v6.version(6).stores({
      notes: 'id, serverId, updatedAt, createdAt, deleted, syncState, *tags',
      outbox: '++seq, &noteId, serverId, error',
      drafts: 'id',
      flashcards: 'id, noteId',
      keyPoints: 'id, noteId',
      reviews: '++id, &uid, cardId, noteId, reviewedAt',
      syncMeta: 'key',
      notices: '++id, noteId',
      deletions: 'serverId, deletedAt',
      attachments: 'sha256, createdAt',
      uploads: '++seq, &sha256, error',
    });
    await v6.table('drafts').put({
      id: 'note_draft',
      title: 'Old',
      content: 'typed before the upgrade',
      tagInput: 'a',
      lastSaved: '2026-11-24T09:00:00.000Z',
      noteId: 'n1',
    });
    v6.close();
    const db = freshDb(name);
    const draft = await loadEditorDraft('n1', db);
    expect(draft).toMatchObject({
      content: 'typed before the upgrade',
      tagInput: 'a',
      savedAt: '2026-11-24T09:00:00.000Z',
      open: true,
    });
  });

  it("a tab removes its own draft (or one without a tab) but never another tab's", async () => {
    const db = freshDb();
    await putEditorDraft({ ...fields('n1', 'tab A typing'), tab: 'A' }, db);
    await deleteOwnEditorDraft('n1', 'B', db);
    expect((await loadEditorDraft('n1', db))?.content).toBe('tab A typing');
    await deleteOwnEditorDraft('n1', 'A', db);
    expect(await loadEditorDraft('n1', db)).toBeUndefined();
    await putEditorDraft(fields('n2', 'written before tabs were recorded'), db);
    await deleteOwnEditorDraft('n2', 'B', db);
    expect(await loadEditorDraft('n2', db)).toBeUndefined();
  });
});
