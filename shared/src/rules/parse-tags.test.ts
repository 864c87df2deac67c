import { describe, expect, it } from 'vitest';
import { formatTags, mergeTags, parseTags, uniqueTags } from './parse-tags.ts';

describe('parseTags', () => {
  it('splits on commas, trims and drops empty items', () => {
    expect(parseTags('a, b,, c ')).toEqual(['a', 'b', 'c']);
    expect(parseTags(' ,  , ')).toEqual([]);
    expect(parseTags('')).toEqual([]);
  });

  it('keeps spaces inside a tag', () => {
    expect(parseTags('machine learning,  deep   work ')).toEqual(['machine learning', 'deep   work']);
  });

  it('drops duplicates case-insensitively, keeping the first spelling and order', () => {
    expect(parseTags('React, typescript, react, TypeScript, Vue')).toEqual(['React', 'typescript', 'Vue']);
  });
});

describe('formatTags', () => {
  it('joins with a comma and a space', () => {
    expect(formatTags(['a', 'b', 'c'])).toBe('a, b, c');
    expect(formatTags([])).toBe('');
  });

  it('round-trips with parseTags', () => {
    const tags = ['ideas', 'deep work', 'AI'];
    expect(parseTags(formatTags(tags))).toEqual(tags);
  });
});

describe('uniqueTags', () => {
  it('trims and de-duplicates an array', () => {
    expect(uniqueTags([' a ', 'A', '', 'b'])).toEqual(['a', 'b']);
  });
});

describe('mergeTags', () => {
  it('adds only suggestions not already present', () => {
    expect(mergeTags(['React', 'notes'], ['react', 'hooks', 'Notes', 'state'])).toEqual([
      'React',
      'notes',
      'hooks',
      'state',
    ]);
  });

  it('does not change the existing list', () => {
    const existing = ['a'];
    mergeTags(existing, ['b']);
    expect(existing).toEqual(['a']);
  });
});
