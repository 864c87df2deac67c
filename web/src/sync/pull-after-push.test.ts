// After a push, the round's pull brings this device's own changes back from the feed. Their notes are found by
// the id they have here (their client id), in one read, not through the serverId index: with edits scattered
// over a large collection that meant walking the index a cursor step per note, most of the round.
import 'fake-indexeddb/auto';
import type { DBCoreTable } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { NotesDatabase } from '../db/notes-database.ts';
import { createNote, deleteNote, updateNote } from '../db/notes-store.ts';
import { localSummary, serverNotes, setUpSyncFixture } from './sync-test-harness.ts';

const fixture = setUpSyncFixture();

/** Counts the reads of the notes table's serverId index (queries and cursors) while `on`; before any use of `db`. */
function countServerIdReads(db: NotesDatabase): { on: boolean; reads: number } {
  const counter = { on: false, reads: 0 };
  db.use({
    stack: 'dbcore',
    name: 'count-server-id-cursors',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'notes') return table;
        const counted: DBCoreTable = {
          ...table,
          query(request) {
            if (counter.on && request.query.index.name === 'serverId') counter.reads++;
            return table.query(request);
          },
          openCursor(request) {
            if (counter.on && request.query.index.name === 'serverId') counter.reads++;
            return table.openCursor(request);
          },
        };
        return counted;
      },
    }),
  });
  return counter;
}

describe('the pull after a push', () => {
  it('finds the pushed edits by their ids, without reading the serverId index, and keeps both sides equal', async () => {
    const d = fixture.device();
    const index = countServerIdReads(d.db);
    const notes = [];
    for (let i = 0; i < 40; i++)
      notes.push(await createNote({ title: `Note ${i}`, content: `Text ${i}`, tags: [] }, d.db));
    expect(await d.engine.syncNow()).toBe('synced');

    // Edits far apart in the collection (the first notes and the last), as a day's changes are.
    for (const note of [notes[0]!, notes[1]!, notes[39]!])
      await updateNote(note.id, { content: `${note.content}, edited` }, d.db);
    index.on = true;
    expect(await d.engine.syncNow()).toBe('synced');
    expect(index.reads).toBe(0);
    index.on = false;

    // A delete comes back as a server id alone: that one is looked up through the index, and settles as before.
    await deleteNote(notes[20]!.id, d.db);
    expect(await d.engine.syncNow()).toBe('synced');
    const onServer = await serverNotes(fixture.server, fixture.cookie);
    expect(onServer).toHaveLength(39);
    expect(onServer.filter((note) => note.content.endsWith(', edited'))).toHaveLength(3);
    expect(await localSummary(d)).toEqual(onServer.map((note) => `${note.title}|${note.content}`).sort());
    expect(await d.db.outbox.count()).toBe(0);
  });
});
