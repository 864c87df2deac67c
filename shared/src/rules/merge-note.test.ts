import { describe, expect, it } from 'vitest';
import { mergeNote, mergeTagSets } from './merge-note.ts';

const base = { title: 'Plans', content: 'one\n\ntwo\n', tags: ['home', 'todo'] };

describe('mergeNote', () => {
  it('merges a title changed on one side with content changed on the other', () => {
    const mine = { ...base, title: 'Weekend plans' };
    const theirs = { ...base, content: 'one\n\ntwo!\n' };
    expect(mergeNote(base, mine, theirs)).toEqual({
      clean: true,
      note: { title: 'Weekend plans', content: 'one\n\ntwo!\n', tags: ['home', 'todo'] },
    });
  });

  it('reports a title changed differently on both sides, and the same change as clean', () => {
    expect(mergeNote(base, { ...base, title: 'A' }, { ...base, title: 'B' })).toEqual({
      clean: false,
      conflicts: ['title'],
    });
    const same = mergeNote(base, { ...base, title: 'A ' }, { ...base, title: 'A' });
    expect(same.clean && same.note.title).toBe('A');
  });

  it('reports a content conflict', () => {
    expect(
      mergeNote(base, { ...base, content: 'ONE\n\ntwo\n' }, { ...base, content: 'uno\n\ntwo\n' }),
    ).toEqual({ clean: false, conflicts: ['content'] });
  });
});

describe('mergeTagSets', () => {
  it('keeps additions from both sides and removals from either', () => {
    expect(mergeTagSets(['home', 'todo'], ['home', 'todo', 'garden'], ['todo', 'urgent'])).toEqual([
      'todo',
      'urgent',
      'garden',
    ]);
  });

  it('compares case-insensitively and never duplicates', () => {
    expect(mergeTagSets(['Home'], ['home', 'Work'], ['Home', 'work'])).toEqual(['Home', 'work']);
    expect(mergeTagSets([], [], [])).toEqual([]);
  });

  it('a tag removed on one side and kept on the other is removed', () => {
    expect(mergeTagSets(['a', 'b'], ['a'], ['a', 'b'])).toEqual(['a']);
  });
});
