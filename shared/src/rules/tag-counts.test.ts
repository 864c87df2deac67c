import { describe, expect, it } from 'vitest';
import { filterTags, groupTagsByLetter, sortTags, tagCounts } from './tag-counts.ts';

const posts = [
  { tags: ['react', 'notes'], createdAt: '2025-01-01T00:00:00Z' },
  { tags: ['react', 'ai', 'react'], createdAt: '2025-03-01T00:00:00Z' },
  { tags: ['notes', 'react'], createdAt: '2025-02-01T00:00:00Z' },
  { tags: ['Écriture', '2025', ' '], createdAt: null },
];

describe('tagCounts', () => {
  it('counts each tag once per post, most used first, then by name', () => {
    expect(tagCounts(posts).map((t) => [t.tag, t.count])).toEqual([
      ['react', 3],
      ['notes', 2],
      ['2025', 1],
      ['ai', 1],
      ['Écriture', 1],
    ]);
  });

  it('keeps the newest post date of each tag', () => {
    const byTag = Object.fromEntries(tagCounts(posts).map((t) => [t.tag, t.latest]));
    expect(byTag.react).toBe('2025-03-01T00:00:00Z');
    expect(byTag.notes).toBe('2025-02-01T00:00:00Z');
    expect(byTag['2025']).toBeNull();
  });
});

describe('sortTags', () => {
  const counts = tagCounts(posts);

  it('sorts alphabetically ignoring case and accents', () => {
    expect(sortTags(counts, 'alphabetical').map((t) => t.tag)).toEqual([
      '2025',
      'ai',
      'Écriture',
      'notes',
      'react',
    ]);
  });

  it('sorts by latest post, undated last', () => {
    expect(sortTags(counts, 'recent').map((t) => t.tag)).toEqual([
      'ai',
      'react',
      'notes',
      '2025',
      'Écriture',
    ]);
  });

  it('sorts by frequency', () => {
    expect(sortTags(counts, 'frequency')[0]?.tag).toBe('react');
  });
});

describe('filterTags', () => {
  it('matches a substring case-insensitively', () => {
    expect(filterTags(tagCounts(posts), ' REA ').map((t) => t.tag)).toEqual(['react']);
    expect(filterTags(tagCounts(posts), '')).toHaveLength(5);
  });
});

describe('groupTagsByLetter', () => {
  it('groups under upper-case letters without accents, other characters last under #', () => {
    expect(groupTagsByLetter(tagCounts(posts)).map((g) => [g.letter, g.tags.map((t) => t.tag)])).toEqual([
      ['A', ['ai']],
      ['E', ['Écriture']],
      ['N', ['notes']],
      ['R', ['react']],
      ['#', ['2025']],
    ]);
  });
});
