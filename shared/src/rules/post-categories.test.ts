import { describe, expect, it } from 'vitest';
import { CATEGORY_TABS, matchesCategory, postsInCategory, splitFeatured } from './post-categories.ts';

describe('CATEGORY_TABS', () => {
  it('has the four tabs of the spec in order', () => {
    expect(CATEGORY_TABS.map((t) => t.label)).toEqual([
      'All Posts',
      'Knowledge Management',
      'Productivity',
      'Technology',
    ]);
  });
});

describe('matchesCategory', () => {
  it('matches tag substrings case-insensitively', () => {
    expect(matchesCategory({ tags: ['Knowledge-Base'] }, 'knowledge')).toBe(true);
    expect(matchesCategory({ tags: ['note-taking'] }, 'knowledge')).toBe(false);
    expect(matchesCategory({ tags: ['MyNotes'] }, 'knowledge')).toBe(true);
    expect(matchesCategory({ tags: ['Workflows'] }, 'productivity')).toBe(true);
    expect(matchesCategory({ tags: ['FinTech'] }, 'technology')).toBe(true);
    expect(matchesCategory({ tags: ['dev tools'] }, 'technology')).toBe(true);
    expect(matchesCategory({ tags: ['cooking'] }, 'technology')).toBe(false);
  });

  it('puts every post in All Posts', () => {
    expect(matchesCategory({ tags: [] }, 'all')).toBe(true);
  });
});

describe('postsInCategory', () => {
  it('filters a list', () => {
    const posts = [{ tags: ['notes'] }, { tags: ['workflow'] }, { tags: ['notes', 'tools'] }];
    expect(postsInCategory(posts, 'technology')).toEqual([posts[2]]);
    expect(postsInCategory(posts, 'all')).toHaveLength(3);
  });
});

describe('splitFeatured', () => {
  it('pulls out the first post', () => {
    expect(splitFeatured([1, 2, 3], false)).toEqual({ featured: 1, rest: [2, 3] });
  });

  it('features nothing while searching or filtering, or without posts', () => {
    expect(splitFeatured([1, 2], true)).toEqual({ featured: null, rest: [1, 2] });
    expect(splitFeatured([], false)).toEqual({ featured: null, rest: [] });
  });
});
