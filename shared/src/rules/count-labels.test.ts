import { describe, expect, it } from 'vitest';
import {
  noResultsForLabel,
  noTagPostsLabel,
  noteCountLabel,
  postCountLabel,
  resultCountLabel,
  searchResultsHeading,
  subscribersShowingLabel,
  tagPostsLabel,
} from './count-labels.ts';

describe('count labels', () => {
  it('noteCountLabel', () => {
    expect(noteCountLabel(0)).toBe('0 notes');
    expect(noteCountLabel(1)).toBe('1 note');
    expect(noteCountLabel(12)).toBe('12 notes');
  });

  it('postCountLabel', () => {
    expect(postCountLabel(1)).toBe('1 post');
    expect(postCountLabel(2)).toBe('2 posts');
  });

  it('resultCountLabel', () => {
    expect(resultCountLabel(1)).toBe('(1 result)');
    expect(resultCountLabel(0)).toBe('(0 results)');
  });

  it('tag page lines', () => {
    expect(tagPostsLabel(1, 'react')).toBe('Showing 1 post tagged with "react"');
    expect(tagPostsLabel(3, 'ai')).toBe('Showing 3 posts tagged with "ai"');
    expect(noTagPostsLabel('zig')).toBe('No posts found with tag "zig"');
  });

  it('subscribersShowingLabel', () => {
    expect(subscribersShowingLabel(2, 5)).toBe('Showing 2 of 5 subscribers');
    expect(subscribersShowingLabel(1, 1)).toBe('Showing 1 of 1 subscribers');
  });

  it('search texts', () => {
    expect(noResultsForLabel(' foo ')).toBe('No results for "foo"');
    expect(searchResultsHeading('bar')).toBe('Search Results for "bar"');
  });
});
