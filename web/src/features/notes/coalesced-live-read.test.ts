// The notes list's live read: a burst of writes (an import's batches) shares one read; a lone change is read at
// once; nothing is missed. The clock and the timer are the test's, so nothing here depends on speed.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NotesDatabase } from '../../db/notes-database.ts';
import { createNote, deleteNote, updateNote } from '../../db/notes-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { coalescedLiveRead, MIN_PAUSE_MS } from './coalesced-live-read.ts';

const open: NotesDatabase[] = [];
const stops: Array<() => void> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const database of open.splice(0)) await database.delete();
});

/** A watched notes list with a hand-driven clock and timer, counting its full reads. */
function watchNotes() {
  const db = new NotesDatabase(`coalesced-${Math.random()}`);
  open.push(db);
  const state = {
    db,
    clock: 0,
    reads: 0,
    watched: -1,
    results: [] as LocalNote[][],
    errors: [] as unknown[],
    due: [] as Array<{ run: () => void; at: number }>,
    /** Runs the reads that are due (the test's stand-in for time passing). */
    fireDue() {
      const due = state.due.splice(0);
      for (const { run, at } of due) {
        state.clock = Math.max(state.clock, at);
        run();
      }
    },
    latest: () => state.results.at(-1),
  };
  stops.push(
    coalescedLiveRead({
      watch: async () => {
        state.watched = await db.notes.count();
        return state.watched;
      },
      read: async () => {
        state.reads++;
        return db.notes.where('deleted').equals(0).toArray();
      },
      onResult: (notes) => state.results.push(notes),
      onError: (error) => state.errors.push(error),
      later: (run, ms) => {
        const entry = { run, at: state.clock + ms };
        state.due.push(entry);
        return () => {
          const index = state.due.indexOf(entry);
          if (index >= 0) state.due.splice(index, 1);
        };
      },
      now: () => state.clock,
    }),
  );
  return state;
}

const note = (title: string) => ({ title, content: `${title} body`, tags: [] });

describe('coalescedLiveRead', () => {
  it('reads once at the start, and a burst of 20 writes shares one more read that sees them all', async () => {
    const s = watchNotes();
    await expect.poll(() => s.results.length).toBe(1);
    expect(s.latest()).toEqual([]);
    for (let i = 0; i < 20; i++) await createNote(note(`Burst ${i}`), s.db);
    await expect.poll(() => s.watched).toBe(20);
    await expect.poll(() => s.due.length).toBe(1); // one read due after the pause, however many writes
    expect(s.reads).toBe(1);
    s.fireDue();
    await expect.poll(() => s.latest()?.length).toBe(20);
    expect(s.reads).toBe(2);
    expect(s.due).toEqual([]);
  });

  it('a change after a quiet moment is read at once, with no timer', async () => {
    const s = watchNotes();
    await expect.poll(() => s.results.length).toBe(1);
    s.clock += MIN_PAUSE_MS; // the read took no time on this clock: the pause is the minimum
    const made = await createNote(note('Alone'), s.db);
    await expect.poll(() => s.latest()?.map((n) => n.title)).toEqual(['Alone']);
    expect(s.due).toEqual([]);
    s.clock += MIN_PAUSE_MS;
    await updateNote(made.id, { title: 'Renamed' }, s.db);
    await expect.poll(() => s.latest()?.map((n) => n.title)).toEqual(['Renamed']);
    s.clock += MIN_PAUSE_MS;
    await deleteNote(made.id, s.db);
    await expect.poll(() => s.latest()).toEqual([]);
    expect(s.reads).toBe(4);
    expect(s.due).toEqual([]);
  });

  it('a write that lands while a read runs is read again afterwards, never lost', async () => {
    const s = watchNotes();
    await expect.poll(() => s.results.length).toBe(1);
    s.clock += MIN_PAUSE_MS;
    // Two writes back to back: the first starts a read at once, the second arrives while it may still run.
    await Promise.all([createNote(note('First'), s.db), createNote(note('Second'), s.db)]);
    await expect.poll(() => s.watched).toBe(2);
    // Whatever the interleaving, once the due reads have run the list holds both notes.
    await expect
      .poll(() => {
        s.fireDue();
        return s.latest()?.length;
      })
      .toBe(2);
  });

  it('reports a read that fails, and reads nothing after being stopped', async () => {
    const db = new NotesDatabase(`coalesced-${Math.random()}`);
    open.push(db);
    const errors: unknown[] = [];
    let reads = 0;
    const stop = coalescedLiveRead({
      watch: () => db.notes.count(),
      read: async () => {
        reads++;
        throw new Error('storage refused');
      },
      onResult: () => {},
      onError: (error) => errors.push(error),
    });
    await expect.poll(() => errors.length).toBe(1);
    stop();
    await createNote(note('After stop'), db);
    expect(await db.notes.count()).toBe(1);
    expect(reads).toBe(1);
  });
});
