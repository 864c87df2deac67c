// The browser's search index against real IndexedDB semantics: built once, saved, loaded without re-reading the
// notes, and kept in step with edits, deletes and notes that arrive by sync.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotesDatabase } from '../../db/notes-database.ts';
import { createNote, deleteNote, updateNote } from '../../db/notes-store.ts';
import { NotesSearchEngine } from './notes-search-engine.ts';

const open: NotesDatabase[] = [];
function freshDb(): NotesDatabase {
  const database = new NotesDatabase(`search-test-${Math.random()}`);
  open.push(database);
  return database;
}
afterEach(async () => {
  for (const database of open.splice(0)) await database.delete();
});

describe('NotesSearchEngine', () => {
  it('ranks the notes, follows edits and deletes, and searches nothing deleted', async () => {
    const db = freshDb();
    const titled = await createNote({ title: 'Velquarin', content: 'A flower.', tags: [] }, db);
    const mention = await createNote(
      { title: 'Garden', content: 'Planted a velquarin today.', tags: [] },
      db,
    );
    const engine = new NotesSearchEngine(db);
    await engine.start();
    expect(engine.search('velquerin')?.map((h) => h.id)).toEqual([titled.id, mention.id]);

    await updateNote(mention.id, { content: 'Planted roses today.' }, db);
    await deleteNote(titled.id, db);
    expect(await engine.refresh()).toBe(2);
    expect(engine.search('velquarin')).toEqual([]);
    expect(engine.search('roses')?.map((h) => h.id)).toEqual([mention.id]);
  });

  it('loads the saved index on the next start without reading unchanged notes', async () => {
    const db = freshDb();
    const notes = [];
    for (let i = 0; i < 30; i++)
      notes.push(await createNote({ title: `Note ${i}`, content: `word${i} café`, tags: [] }, db));
    const first = new NotesSearchEngine(db);
    await first.start();
    expect(await first.save()).toBe(true);
    // Nothing changed since: saving again writes nothing.
    expect(await first.save()).toBe(false);

    await updateNote(notes[3]!.id, { content: 'changed while the tab was closed' }, db);
    const bulkGet = vi.spyOn(db.notes, 'bulkGet');
    const second = new NotesSearchEngine(db);
    await second.start();
    const read = bulkGet.mock.calls.flatMap(([ids]) => ids);
    expect(read).toEqual([notes[3]!.id]);
    expect(second.search('cafe')?.length).toBe(29);
    expect(second.search('closed')?.map((h) => h.id)).toEqual([notes[3]!.id]);
  });

  it('rebuilds from the notes when the saved index is unreadable', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'Orchid', content: 'purple', tags: [] }, db);
    await db.searchIndex.put({ key: 'notes', index: { format: 99 }, titles: [] } as never);
    const engine = new NotesSearchEngine(db);
    await engine.start();
    expect(engine.search('orchid')?.map((h) => h.id)).toEqual([note.id]);
  });

  it('finds titles fuzzily for the quick switcher, most recent first when nothing is typed', async () => {
    const db = freshDb();
    const old = await createNote({ title: 'Cell respiration', content: '', tags: [] }, db);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const recent = await createNote({ title: 'Shopping list', content: '', tags: [] }, db);
    const engine = new NotesSearchEngine(db);
    await engine.start();
    expect(engine.titles('').map((t) => t.id)).toEqual([recent.id, old.id]);
    expect(engine.titles('clresp').map((t) => t.id)).toEqual([old.id]);
    expect(engine.titles('shop')[0]?.title).toBe('Shopping list');
  });
});
