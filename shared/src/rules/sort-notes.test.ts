import { describe, expect, it } from 'vitest';
import { NoteSortSchema, sortNotes } from './sort-notes.ts';

const notes = [
  { id: 1, title: 'banana', createdAt: '2025-01-02T00:00:00Z', updatedAt: '2025-03-01T00:00:00Z' },
  { id: 2, title: 'Apple', createdAt: '2025-01-03T00:00:00Z', updatedAt: '2025-02-01T00:00:00Z' },
  { id: 3, title: 'cherry', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-04-01T00:00:00Z' },
  { id: 4, title: 'apple', createdAt: null, updatedAt: undefined },
];
const ids = (list: { id: number }[]) => list.map((n) => n.id);

describe('sortNotes', () => {
  it('sorts by updatedAt newest first by default', () => {
    expect(ids(sortNotes(notes))).toEqual([3, 1, 2, 4]);
  });

  it('sorts by updatedAt oldest first, missing dates first', () => {
    expect(ids(sortNotes(notes, 'updated-asc'))).toEqual([4, 2, 1, 3]);
  });

  it('sorts by createdAt both ways', () => {
    expect(ids(sortNotes(notes, 'created-desc'))).toEqual([2, 1, 3, 4]);
    expect(ids(sortNotes(notes, 'created-asc'))).toEqual([4, 3, 1, 2]);
  });

  it('sorts titles ignoring case and keeps input order for equal titles', () => {
    expect(ids(sortNotes(notes, 'title-asc'))).toEqual([2, 4, 1, 3]);
    expect(ids(sortNotes(notes, 'title-desc'))).toEqual([3, 1, 2, 4]);
  });

  it('ignores accents in titles as base sensitivity does', () => {
    const list = [
      { id: 1, title: 'eclair' },
      { id: 2, title: 'Éclair' },
      { id: 3, title: 'dune' },
    ];
    expect(ids(sortNotes(list, 'title-asc'))).toEqual([3, 1, 2]);
  });

  it('does not change the input', () => {
    const copy = notes.slice();
    sortNotes(notes, 'title-asc');
    expect(notes).toEqual(copy);
  });
});

describe('NoteSortSchema', () => {
  it('accepts the six sorts and falls back to updated-desc', () => {
    expect(NoteSortSchema.parse('title-desc')).toBe('title-desc');
    expect(NoteSortSchema.parse('bogus')).toBe('updated-desc');
    expect(NoteSortSchema.parse(undefined)).toBe('updated-desc');
  });
});
