// Two tabs of one browser are two writers on one database: an editor's save never replaces stored text it has
// not seen. Each "tab" below is an editor holding the text it opened with (its base) and its own typing.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NotesDatabase } from './notes-database.ts';
import { createNote, deleteNote, updateNote } from './notes-store.ts';
import { saveEditedNote } from './save-edited-note.ts';

const open: NotesDatabase[] = [];
function freshDb(): NotesDatabase {
  const database = new NotesDatabase(`save-edited-${Math.random()}`);
  open.push(database);
  return database;
}
afterEach(async () => {
  for (const database of open.splice(0)) await database.delete();
});

const fields = (content: string, title = 'Groceries', tags: string[] = []) => ({ title, content, tags });

describe('saveEditedNote', () => {
  it('saves the text as typed when the stored note is still the base', async () => {
    const db = freshDb();
    const note = await createNote(fields('eggs'), db);
    const result = await saveEditedNote(note.id, fields('eggs'), fields('eggs\nbread'), db);
    expect(result.kind).toBe('saved');
    expect((await db.notes.get(note.id))?.content).toBe('eggs\nbread');
  });

  it('merges an edit another tab saved meanwhile (different paragraphs)', async () => {
    const db = freshDb();
    const note = await createNote(fields('eggs\n\nflour\n'), db);
    const base = fields('eggs\n\nflour\n');
    // Tab 1 saves first, through the ordinary save.
    await updateNote(note.id, fields('eggs, milk\n\nflour\n'), db);
    // Tab 2 still started from the base.
    const result = await saveEditedNote(note.id, base, fields('eggs\n\nflour, sugar\n'), db);
    expect(result.kind).toBe('merged');
    expect((await db.notes.get(note.id))?.content).toBe('eggs, milk\n\nflour, sugar\n');
    // One queued change carries the merged text.
    expect(await db.outbox.count()).toBe(1);
    expect(await db.conflicts.count()).toBe(0);
  });

  it("the issue's eggs / milk / bread: overlapping edits keep both texts, the stored one stays the note", async () => {
    const db = freshDb();
    const note = await createNote(fields('eggs'), db);
    await updateNote(note.id, fields('eggs\nmilk'), db);
    const at = new Date('2026-11-27T10:00:00Z');
    const result = await saveEditedNote(note.id, fields('eggs'), fields('eggs\nbread'), db, {
      now: () => at,
    });
    expect(result.kind).toBe('conflict');
    if (result.kind !== 'conflict') return;
    expect((await db.notes.get(note.id))?.content).toBe('eggs\nmilk');
    const copy = await db.notes.get(result.copy.id);
    expect(copy).toMatchObject({
      content: 'eggs\nbread',
      title: 'Groceries (conflicted copy 2026-11-27 10:00 UTC)',
      serverId: null,
      syncState: 'pending',
    });
    expect(await db.conflicts.get(result.copy.id)).toMatchObject({ noteId: note.id, title: 'Groceries' });
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => [entry.noteId, entry.op]).sort()).toEqual(
      [
        [note.id, 'create'],
        [result.copy.id, 'create'],
      ].sort(),
    );
    const everything = (await db.notes.toArray()).map((row) => row.content).join('\n');
    expect(everything).toContain('milk');
    expect(everything).toContain('bread');
  });

  it('tags merge as sets and a title changed on one side only is kept', async () => {
    const db = freshDb();
    const note = await createNote(fields('a', 'Trip', ['x']), db);
    await updateNote(note.id, fields('a', 'Trip to Rome', ['x', 'y']), db);
    const result = await saveEditedNote(
      note.id,
      fields('a', 'Trip', ['x']),
      fields('a\nb', 'Trip', ['x', 'z']),
      db,
    );
    expect(result.kind).toBe('merged');
    expect(await db.notes.get(note.id)).toMatchObject({
      title: 'Trip to Rome',
      content: 'a\nb',
      tags: ['x', 'y', 'z'],
    });
  });

  it('an automatic save (keepBoth false) leaves overlapping changes alone', async () => {
    const db = freshDb();
    const note = await createNote(fields('eggs'), db);
    await updateNote(note.id, fields('eggs\nmilk'), db);
    const result = await saveEditedNote(note.id, fields('eggs'), fields('eggs\nbread'), db, {
      keepBoth: false,
    });
    expect(result.kind).toBe('overlap');
    expect((await db.notes.toArray()).map((row) => row.content)).toEqual(['eggs\nmilk']);
    expect(await db.conflicts.count()).toBe(0);
  });

  it('a note deleted meanwhile is not written (nor brought back)', async () => {
    const db = freshDb();
    const note = await createNote(fields('eggs'), db);
    await deleteNote(note.id, db);
    const result = await saveEditedNote(note.id, fields('eggs'), fields('eggs\nbread'), db);
    expect(result).toEqual({ kind: 'deleted' });
    expect(await db.notes.get(note.id)).toBeUndefined();
  });

  it('two tabs saving at once: the second sees the first and neither text is lost', async () => {
    const db = freshDb();
    const note = await createNote(fields('eggs'), db);
    const [first, second] = await Promise.all([
      saveEditedNote(note.id, fields('eggs'), fields('eggs\nmilk'), db),
      saveEditedNote(note.id, fields('eggs'), fields('eggs\nbread'), db),
    ]);
    expect(first.kind).toBe('saved');
    expect(second.kind).toBe('conflict');
    const everything = (await db.notes.toArray()).map((row) => row.content).join('\n');
    expect(everything).toContain('milk');
    expect(everything).toContain('bread');
  });
});
