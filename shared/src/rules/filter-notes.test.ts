import { describe, expect, it } from 'vitest';
import { filterNotes, notesFiltersActive } from './filter-notes.ts';

const now = new Date('2025-05-20T12:00:00.000Z');
const note = (id: number, title: string, content: string, tags: string[], updatedAt: string | null) => ({
  id,
  title,
  content,
  tags,
  updatedAt,
});

const notes = [
  note(
    1,
    'Zettelkasten basics',
    'Atomic notes linked together',
    ['PKM', 'notes'],
    '2025-05-19T10:00:00.000Z',
  ),
  note(2, 'Groceries', 'milk, eggs', ['personal'], '2025-05-01T10:00:00.000Z'),
  note(3, 'React hooks', 'useEffect runs after paint', ['react', 'notes'], '2024-12-01T10:00:00.000Z'),
  note(4, 'Old idea', 'Something about zettels', [], '2023-01-01T10:00:00.000Z'),
  note(5, 'No date', 'content', ['notes'], null),
];
const ids = (list: { id: number }[]) => list.map((n) => n.id);

describe('filterNotes', () => {
  it('returns every note, as a new array, with no filters', () => {
    const result = filterNotes(notes, {}, now);
    expect(ids(result)).toEqual([1, 2, 3, 4, 5]);
    expect(result).not.toBe(notes);
  });

  it('searches title, content and tags case-insensitively', () => {
    expect(ids(filterNotes(notes, { search: 'ZETTEL' }, now))).toEqual([1, 4]);
    expect(ids(filterNotes(notes, { search: 'EGGS' }, now))).toEqual([2]);
    expect(ids(filterNotes(notes, { search: 'pkm' }, now))).toEqual([1]);
  });

  it('trims the search and ignores a blank one', () => {
    expect(ids(filterNotes(notes, { search: '  hooks ' }, now))).toEqual([3]);
    expect(ids(filterNotes(notes, { search: '   ' }, now))).toHaveLength(5);
  });

  it('does not match across the boundary between title and content', () => {
    expect(filterNotes([note(9, 'ab', 'cd', [], null)], { search: 'bc' }, now)).toEqual([]);
  });

  it('requires every selected tag, matched exactly', () => {
    expect(ids(filterNotes(notes, { tags: ['notes'] }, now))).toEqual([1, 3, 5]);
    expect(ids(filterNotes(notes, { tags: ['notes', 'react'] }, now))).toEqual([3]);
    expect(ids(filterNotes(notes, { tags: ['Notes'] }, now))).toEqual([]);
  });

  it('filters updatedAt by date range', () => {
    expect(ids(filterNotes(notes, { dateRange: 'week' }, now))).toEqual([1]);
    expect(ids(filterNotes(notes, { dateRange: 'month' }, now))).toEqual([1, 2]);
    expect(ids(filterNotes(notes, { dateRange: 'year' }, now))).toEqual([1, 2, 3]);
    expect(ids(filterNotes(notes, { dateRange: 'all' }, now))).toHaveLength(5);
  });

  it('combines filters', () => {
    expect(ids(filterNotes(notes, { search: 'notes', tags: ['notes'], dateRange: 'year' }, now))).toEqual([
      1, 3,
    ]);
  });

  it('notices a note object edited in place', () => {
    const mutable = note(7, 'First title', '', [], null);
    expect(filterNotes([mutable], { search: 'first' }, now)).toHaveLength(1);
    mutable.title = 'Second title';
    expect(filterNotes([mutable], { search: 'first' }, now)).toHaveLength(0);
    mutable.tags.push('first-tag');
    expect(filterNotes([mutable], { search: 'first' }, now)).toHaveLength(1);
  });

  it('searches 10,000 notes of 2 KB quickly', () => {
    const body = 'lorem ipsum dolor sit amet consectetur '.repeat(52);
    const many = Array.from({ length: 10_000 }, (_, i) =>
      note(i, `Note ${i}`, i % 1000 === 0 ? `${body} needle` : body, [`tag${i % 50}`], now.toISOString()),
    );
    filterNotes(many, { search: 'warm up' }, now);
    const start = performance.now();
    for (const q of ['n', 'ne', 'nee', 'need', 'needl', 'needle']) filterNotes(many, { search: q }, now);
    const perKeystroke = (performance.now() - start) / 6;
    expect(filterNotes(many, { search: 'NEEDLE' }, now)).toHaveLength(10);
    expect(perKeystroke).toBeLessThan(50);
  });
});

describe('notesFiltersActive', () => {
  it('is true for a search, a tag or a date range, not for the defaults', () => {
    expect(notesFiltersActive({})).toBe(false);
    expect(notesFiltersActive({ search: ' ', tags: [], dateRange: 'all' })).toBe(false);
    expect(notesFiltersActive({ search: 'x' })).toBe(true);
    expect(notesFiltersActive({ tags: ['a'] })).toBe(true);
    expect(notesFiltersActive({ dateRange: 'month' })).toBe(true);
  });
});
