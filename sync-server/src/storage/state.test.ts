// Collection versions: what caches of public pages are keyed on (ReadView.versionOf).
import { describe, expect, it } from 'vitest';
import { State } from './state.ts';

const note = (id: number) => ({ id, userId: 1, title: `n${id}`, seq: id });

describe('State.versionOf', () => {
  it('moves for the collections an op changes, not for meta, counters or silent ops', () => {
    const state = new State();
    const notes = state.versionOf(['notes']);
    const posts = state.versionOf(['posts']);
    state.apply({ o: 'put', c: 'notes', r: note(1) });
    expect(state.versionOf(['notes'])).toBeGreaterThan(notes);
    expect(state.versionOf(['posts'])).toBe(posts);
    const afterPut = state.versionOf(['notes']);
    state.apply({ o: 'meta', k: 'x', v: 1 });
    state.apply({ o: 'ctr', c: 'notes', v: 5 });
    state.apply({ o: 'patch', c: 'notes', id: 1, p: { title: 'quiet' } }, true);
    expect(state.versionOf(['notes'])).toBe(afterPut);
    expect(state.versionOf(['posts', 'notes'])).toBe(afterPut);
  });

  it('moves when a table is replaced wholesale (a store reloading everything)', () => {
    const state = new State();
    state.apply({ o: 'put', c: 'notes', r: note(1) });
    const before = state.versionOf(['notes']);
    state.tables.set('notes', new Map(state.table('notes')));
    const after = state.versionOf(['notes']);
    expect(after).toBeGreaterThan(before);
    expect(state.versionOf(['notes'])).toBe(after);
  });
});
