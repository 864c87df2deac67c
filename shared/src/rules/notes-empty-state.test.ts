import { describe, expect, it } from 'vitest';
import { notesEmptyState } from './notes-empty-state.ts';

describe('notesEmptyState', () => {
  it('is null while notes are shown', () => {
    expect(notesEmptyState({ total: 3, shown: 2, search: 'x' })).toBeNull();
  });

  it('is no-notes when there are none and nothing narrows the list', () => {
    expect(notesEmptyState({ total: 0 })).toBe('no-notes');
    expect(notesEmptyState({ total: 0, search: '  ', tags: [] })).toBe('no-notes');
  });

  it('explains by search first, then tag, then other filters', () => {
    expect(notesEmptyState({ total: 5, search: 'q', tag: 'a', filtersActive: true })).toBe(
      'no-search-results',
    );
    expect(notesEmptyState({ total: 5, tag: 'a', filtersActive: true })).toBe('no-tag-results');
    expect(notesEmptyState({ total: 5, tags: ['a', 'b'] })).toBe('no-tag-results');
    expect(notesEmptyState({ total: 5, filtersActive: true })).toBe('no-filter-results');
  });

  it('reports a search even when there are no notes at all', () => {
    expect(notesEmptyState({ total: 0, search: 'q' })).toBe('no-search-results');
  });
});
