import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './parse-search-query.ts';

describe('parseSearchQuery', () => {
  it('splits words, phrases, exclusions and tags', () => {
    expect(
      parseSearchQuery('cell "cell wall" -plant -"green leaf" tag:bio tag:"two words" -tag:old'),
    ).toEqual({
      words: ['cell'],
      phrases: ['cell wall'],
      excludes: ['plant', 'green leaf'],
      tags: ['bio', 'two words'],
      excludeTags: ['old'],
      open: false,
    });
  });

  it('marks the last word as still being typed', () => {
    expect(parseSearchQuery('mito').open).toBe(true);
    expect(parseSearchQuery('mito ').open).toBe(false);
    expect(parseSearchQuery('mito tag:x').open).toBe(false);
  });

  it('keeps an unclosed quote as a phrase', () => {
    expect(parseSearchQuery('"cell wa').phrases).toEqual(['cell wa']);
  });
});
