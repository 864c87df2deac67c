// The write functions against real IndexedDB semantics: note and outbox change together, edits coalesce.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readQueueSummary } from '../sync/queue-summary.ts';
import { NotesDatabase } from './notes-database.ts';
import { createNote, deleteNote, retryChange, updateNote } from './notes-store.ts';

const open: NotesDatabase[] = [];
function freshDb(): NotesDatabase {
  const database = new NotesDatabase(`store-test-${Math.random()}`);
  open.push(database);
  return database;
}
afterEach(async () => {
  for (const database of open.splice(0)) await database.delete();
});

describe('notes store', () => {
  it('writes a new note with one create entry', async () => {
    const db = freshDb();
    const note = await createNote({ title: '  Hello ', content: 'body', tags: [' a ', '', 'A', 'b'] }, db);
    expect(note.title).toBe('Hello');
    expect(note.tags).toEqual(['a', 'b']);
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ noteId: note.id, op: 'create', rev: 1 });
  });

  it('coalesces several edits into the one queued entry', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: '1', tags: [] }, db);
    await updateNote(note.id, { content: '2' }, db);
    await updateNote(note.id, { content: '3', title: 'T3' }, db);
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ op: 'create', rev: 3 });
    expect((await db.notes.get(note.id))?.content).toBe('3');
  });

  it('create then delete while never synced leaves nothing behind', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: 'c', tags: [] }, db);
    await updateNote(note.id, { content: 'more' }, db);
    await deleteNote(note.id, db);
    expect(await db.notes.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('deleting a synced note keeps a tombstone and queues a delete', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: 'c', tags: [] }, db);
    await db.transaction('rw', db.notes, db.outbox, async () => {
      await db.notes.update(note.id, { serverId: 7, version: 1, syncState: 'synced' });
      await db.outbox.clear();
    });
    await updateNote(note.id, { content: 'edited' }, db);
    expect((await db.outbox.toArray())[0]).toMatchObject({ op: 'update', serverId: 7 });
    await deleteNote(note.id, db);
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ op: 'delete', serverId: 7 });
    expect((await db.notes.get(note.id))?.deleted).toBe(1);
    await expect(updateNote(note.id, { content: 'x' }, db)).rejects.toThrow('Note not found');
  });

  it('an edit or a retry clears a refusal so the change is sent again', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: 'c', tags: [] }, db);
    const seq = (await db.outbox.toArray())[0]!.seq!;
    await db.outbox.update(seq, { error: '400: title: too long' });
    await retryChange(note.id, db);
    expect((await db.outbox.get(seq))?.error).toBeNull();
    await db.outbox.update(seq, { error: '400: title: too long' });
    await updateNote(note.id, { title: 'short' }, db);
    expect((await db.outbox.get(seq))?.error).toBeNull();
  });

  it('a failed transaction writes neither the note nor its entry', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: 'c', tags: [] }, db);
    // A second entry for the same note violates the unique noteId index, so the whole transaction rolls back.
    await expect(
      db.transaction('rw', db.notes, db.outbox, async () => {
        await db.notes.update(note.id, { content: 'lost' });
        await db.outbox.add({
          noteId: note.id,
          op: 'update',
          serverId: null,
          rev: 1,
          queuedAt: '',
          error: null,
        });
      }),
    ).rejects.toThrow();
    expect((await db.notes.get(note.id))?.content).toBe('c');
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('schema migration', () => {
  it('upgrades a version 1 database, filling fields older rows lack', async () => {
    const name = `migrate-${Math.random()}`;
    const { Dexie } = await import('dexie');
    const v1 = new Dexie(name);
    v1.version(1).stores({
      notes: 'id, serverId, updatedAt, createdAt, deleted, syncState',
      outbox: '++seq, &noteId, serverId',
      drafts: 'id',
      flashcards: 'id, noteId',
      keyPoints: 'id, noteId',
      reviews: '++id, cardId, noteId, reviewedAt',
      syncMeta: 'key',
    });
    await v1.table('notes').put({
      id: 'old',
      serverId: 1,
      title: 'Old',
      content: '',
      createdAt: '',
      updatedAt: '',
      deleted: 0,
      syncState: 'synced',
    });
    v1.close();
    const db = new NotesDatabase(name);
    open.push(db);
    const old = await db.notes.get('old');
    expect(old?.tags).toEqual([]);
    expect(old?.syncError).toBeNull();
    await db.notes.update('old', { tags: ['x'] });
    expect(await db.notes.where('tags').equals('x').count()).toBe(1);
  });

  it('upgrades a version 5 database: refused queue entries are found through the error index, ready ones counted', async () => {
    const name = `migrate-${Math.random()}`;
    const { Dexie } = await import('dexie');
    const v5 = new Dexie(name);
    v5.version(5).stores({
      notes: 'id, serverId, updatedAt, createdAt, deleted, syncState, *tags',
      outbox: '++seq, &noteId, serverId',
      drafts: 'id',
      flashcards: 'id, noteId',
      keyPoints: 'id, noteId',
      reviews: '++id, &uid, cardId, noteId, reviewedAt',
      syncMeta: 'key',
      notices: '++id, noteId',
      deletions: 'serverId, deletedAt',
      attachments: 'sha256, createdAt',
      uploads: '++seq, &sha256',
    });
    const queuedAt = '2024-05-01T10:00:00.000Z';
    await v5.table('outbox').bulkAdd([
      { noteId: 'a', op: 'create', serverId: null, rev: 1, queuedAt, error: null },
      { noteId: 'b', op: 'update', serverId: 7, rev: 2, queuedAt, error: '400: title: too long' },
      { noteId: 'c', op: 'create', serverId: null, rev: 1, queuedAt, error: null },
    ]);
    await v5.table('uploads').bulkAdd([
      { sha256: 'f1', name: 'big.pdf', queuedAt, error: '413: too large' },
      { sha256: 'f2', name: 'small.png', queuedAt, error: null },
    ]);
    v5.close();
    const db = new NotesDatabase(name);
    open.push(db);
    const outbox = await readQueueSummary(db, db.outbox);
    expect(outbox).toMatchObject({
      count: 3,
      lastSeq: 3,
      refused: [{ noteId: 'b', error: '400: title: too long' }],
    });
    const uploads = await readQueueSummary(db, db.uploads);
    expect(uploads).toMatchObject({ count: 2, lastSeq: 2, refused: [{ sha256: 'f1' }] });
    expect(uploads.refused).toHaveLength(1);
    // A retry clears the refusal: the entry leaves the index.
    await retryChange('b', db);
    expect((await readQueueSummary(db, db.outbox)).refused).toEqual([]);
  });

  it('renaming a note rewrites the links to it in other notes, each queued for sync', async () => {
    const db = freshDb();
    const target = await createNote({ title: 'Cell respiration', content: 'ATP', tags: [] }, db);
    const linking = await createNote(
      { title: 'Biology', content: 'See [[cell respiration]] and [[Cell respiration|it]].', tags: [] },
      db,
    );
    const unrelated = await createNote({ title: 'Other', content: 'No links', tags: [] }, db);
    await updateNote(target.id, { title: 'Cellular respiration' }, db);
    expect((await db.notes.get(linking.id))?.content).toBe(
      'See [[Cellular respiration]] and [[Cellular respiration|it]].',
    );
    expect((await db.notes.get(unrelated.id))?.content).toBe('No links');
    const queued = await db.outbox.where('noteId').equals(linking.id).first();
    expect(queued?.rev).toBe(2);
  });

  it('leaves links alone when another note still carries the old title', async () => {
    const db = freshDb();
    const first = await createNote({ title: 'Plan', content: '', tags: [] }, db);
    await createNote({ title: 'plan', content: 'a second note with the same title', tags: [] }, db);
    const linking = await createNote({ title: 'Index', content: '[[Plan]]', tags: [] }, db);
    await updateNote(first.id, { title: 'Plan 2026' }, db);
    expect((await db.notes.get(linking.id))?.content).toBe('[[Plan]]');
  });
});
