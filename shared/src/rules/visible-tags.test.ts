import { describe, expect, it } from 'vitest';
import { BLOG_CARD_TAGS, NOTE_CARD_TAGS, visibleTags } from './visible-tags.ts';

describe('visibleTags', () => {
  it('shows up to 3 tags on a note card and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'], NOTE_CARD_TAGS)).toEqual({
      shown: ['a', 'b', 'c'],
      rest: 2,
    });
  });

  it('shows up to 2 tags on a blog card', () => {
    expect(visibleTags(['a', 'b', 'c'], BLOG_CARD_TAGS)).toEqual({ shown: ['a', 'b'], rest: 1 });
  });

  it('has no rest when all fit', () => {
    expect(visibleTags(['a'], 3)).toEqual({ shown: ['a'], rest: 0 });
    expect(visibleTags([], 3)).toEqual({ shown: [], rest: 0 });
  });

  it('treats a negative maximum as zero', () => {
    expect(visibleTags(['a', 'b'], -1)).toEqual({ shown: [], rest: 2 });
  });
});
