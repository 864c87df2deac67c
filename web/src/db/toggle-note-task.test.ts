// Ticking a task from the viewer, against real IndexedDB semantics: one line changes, one outbox entry.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NotesDatabase } from './notes-database.ts';
import { createNote, deleteNote, updateNote } from './notes-store.ts';
import { NoteChangedError, toggleNoteTask } from './toggle-note-task.ts';

const open: NotesDatabase[] = [];
function freshDb(): NotesDatabase {
  const database = new NotesDatabase(`toggle-test-${Math.random()}`);
  open.push(database);
  return database;
}
afterEach(async () => {
  for (const database of open.splice(0)) await database.delete();
});

const LIST = '# Shop\n\n- [ ] milk\n- [ ] bread\n- [ ] milk\n';

describe('toggleNoteTask', () => {
  it('ticks the indexed task (the second "milk", not the first) and queues the edit with the note', async () => {
    const database = freshDb();
    const note = await createNote({ title: 'Shop', content: LIST, tags: [] }, database);
    await database.outbox.clear();
    const saved = await toggleNoteTask(note.id, LIST, 2, true, database);
    expect(saved.content).toBe('# Shop\n\n- [ ] milk\n- [ ] bread\n- [x] milk\n');
    expect((await database.notes.get(note.id))?.content).toBe(saved.content);
    expect((await database.notes.get(note.id))?.syncState).toBe('pending');
    const outbox = await database.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.noteId).toBe(note.id);

    const back = await toggleNoteTask(note.id, saved.content, 2, false, database);
    expect(back.content).toBe(LIST);
    expect(await database.outbox.count()).toBe(1);
  });

  it('keeps a quick second tick and edits elsewhere: the box is set in the note as it is now', async () => {
    const database = freshDb();
    const note = await createNote({ title: 'Shop', content: LIST, tags: [] }, database);
    // Both ticks were made on the text first shown, the second before the first came back.
    await toggleNoteTask(note.id, LIST, 0, true, database);
    await updateNote(
      note.id,
      { content: `${(await database.notes.get(note.id))?.content}\nA line from sync.` },
      database,
    );
    await toggleNoteTask(note.id, LIST, 1, true, database);
    expect((await database.notes.get(note.id))?.content).toBe(
      '# Shop\n\n- [x] milk\n- [x] bread\n- [ ] milk\n\nA line from sync.',
    );
  });

  it('writes nothing when the box already has the wanted state', async () => {
    const database = freshDb();
    const note = await createNote({ title: 'Shop', content: LIST, tags: [] }, database);
    await database.outbox.clear();
    const same = await toggleNoteTask(note.id, LIST, 1, false, database);
    expect(same.content).toBe(LIST);
    expect(await database.outbox.count()).toBe(0);
  });

  it('writes nothing when the note’s tasks changed since it was shown, or it has no such task', async () => {
    const database = freshDb();
    const note = await createNote({ title: 'Shop', content: LIST, tags: [] }, database);
    await updateNote(note.id, { content: `- [ ] eggs\n${LIST}` }, database);
    await database.outbox.clear();
    await expect(toggleNoteTask(note.id, LIST, 0, true, database)).rejects.toBeInstanceOf(NoteChangedError);
    const current = (await database.notes.get(note.id))?.content ?? '';
    await expect(toggleNoteTask(note.id, current, 9, true, database)).rejects.toBeInstanceOf(
      NoteChangedError,
    );
    expect((await database.notes.get(note.id))?.content).toBe(`- [ ] eggs\n${LIST}`);
    expect(await database.outbox.count()).toBe(0);
  });

  it('refuses a deleted note', async () => {
    const database = freshDb();
    const note = await createNote({ title: 'Shop', content: LIST, tags: [] }, database);
    await deleteNote(note.id, database);
    await expect(toggleNoteTask(note.id, LIST, 0, true, database)).rejects.toBeInstanceOf(NoteChangedError);
  });
});
