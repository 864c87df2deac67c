// The ordered index by change sequence behind the notes' changes feed (seq-index.ts), on its own and kept by
// State through puts, patches, deletes, a transaction's undo, a snapshot load and a wholesale reload.
import { describe, expect, it } from 'vitest';
import { SeqIndex } from './seq-index.ts';
import { State } from './state.ts';

const ids = (index: SeqIndex, key: string, after: number, through: number) =>
  [...index.between(key, after, through)].map((entry) => `${entry.seq}:${entry.id}`);

describe('SeqIndex', () => {
  it('lists the window after < seq ≤ through in (seq, id) order, per key, and counts it', () => {
    const index = new SeqIndex();
    index.add('1', 3, 7);
    index.add('1', 5, 2);
    index.add('1', 5, 1); // same seq (one batch), smaller id: goes before
    index.add('2', 4, 9);
    index.add('1', 9, 4);
    expect(ids(index, '1', 0, 100)).toEqual(['3:7', '5:1', '5:2', '9:4']);
    expect(ids(index, '1', 3, 5)).toEqual(['5:1', '5:2']);
    expect(ids(index, '1', 5, 8)).toEqual([]);
    expect(ids(index, '2', 0, 100)).toEqual(['4:9']);
    expect(ids(index, '3', 0, 100)).toEqual([]);
    expect(index.count('1', 0, 100)).toBe(4);
    expect(index.count('1', 3, 5)).toBe(2);
    expect(index.count('1', 9, 100)).toBe(0);
    expect(index.count('3', 0, 100)).toBe(0);
  });

  it('removes exactly the entry named, and nothing for an entry it does not hold', () => {
    const index = new SeqIndex();
    for (const [seq, id] of [
      [1, 1],
      [2, 2],
      [2, 3],
      [4, 4],
    ] as const)
      index.add('1', seq, id);
    index.remove('1', 2, 2);
    index.remove('1', 2, 9); // not there
    index.remove('1', 3, 3); // wrong seq
    index.remove('7', 1, 1); // unknown key
    expect(ids(index, '1', 0, 10)).toEqual(['1:1', '2:3', '4:4']);
  });
});

const note = (id: number, seq: number, userId = 1) => ({ id, userId, title: `n${id}`, seq, clientId: null });
const feed = (state: State, after = 0, through = Number.MAX_SAFE_INTEGER) =>
  ids(state.seqIndex('notes', 'byUser'), '1', after, through);

describe('State keeps the sequence index', () => {
  it('follows puts, patches that move a note to a newer seq, and deletes', () => {
    const state = new State();
    state.apply({ o: 'put', c: 'notes', r: note(1, 1) });
    state.apply({ o: 'put', c: 'notes', r: note(2, 2) });
    state.apply({ o: 'put', c: 'notes', r: note(3, 3, 2) }); // another user's
    state.apply({ o: 'patch', c: 'notes', id: 1, p: { seq: 4 } });
    expect(feed(state)).toEqual(['2:2', '4:1']);
    state.apply({ o: 'del', c: 'notes', id: 2 });
    expect(feed(state)).toEqual(['4:1']);
    expect(ids(state.seqIndex('notes', 'byUser'), '2', 0, 10)).toEqual(['3:3']);
  });

  it("puts a failed transaction's records back where they were (the undo of each op)", () => {
    const state = new State();
    state.apply({ o: 'put', c: 'notes', r: note(1, 1) });
    state.apply({ o: 'put', c: 'notes', r: note(2, 2) });
    const before = feed(state);
    const undos = [
      state.apply({ o: 'patch', c: 'notes', id: 1, p: { seq: 5 } }),
      state.apply({ o: 'put', c: 'notes', r: note(3, 5) }),
      state.apply({ o: 'del', c: 'notes', id: 2 }),
    ];
    expect(feed(state)).toEqual(['5:1', '5:3']);
    for (const undo of undos.reverse()) undo();
    expect(feed(state)).toEqual(before);
  });

  it('is rebuilt from a snapshot, and taken over by a wholesale reload', () => {
    const state = new State();
    state.apply({ o: 'put', c: 'notes', r: note(1, 3) });
    state.apply({ o: 'put', c: 'noteTombstones', r: { id: 9, userId: 1, seq: 4, clientId: null } });
    const loaded = State.fromSnapshot(state.toSnapshot());
    expect(feed(loaded)).toEqual(['3:1']);
    expect(ids(loaded.seqIndex('noteTombstones', 'byUser'), '1', 0, 10)).toEqual(['4:9']);
    const other = new State();
    other.apply({ o: 'put', c: 'notes', r: note(7, 8) });
    loaded.replaceWith(other);
    expect(feed(loaded)).toEqual(['8:7']);
    // The reloaded state keeps following writes.
    loaded.apply({ o: 'put', c: 'notes', r: note(8, 9) });
    expect(feed(loaded)).toEqual(['8:7', '9:8']);
  });

  it('names an unknown sequence index', () => {
    expect(() => new State().seqIndex('posts', 'byUser')).toThrow('Unknown sequence index "posts.byUser"');
  });
});
