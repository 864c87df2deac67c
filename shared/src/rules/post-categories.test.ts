import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE } from '../site-defaults.ts';
import { categoryTabs, matchesCategory, postsInCategory, splitFeatured } from './post-categories.ts';

const tabs = categoryTabs(DEFAULT_SITE.categories);
const tab = (label: string) => tabs.find((t) => t.label === label);

describe('categoryTabs', () => {
  it('has the four tabs of the spec in order by default', () => {
    expect(tabs.map((t) => t.label)).toEqual([
      'All Posts',
      'Knowledge Management',
      'Productivity',
      'Technology',
    ]);
  });

  it('follows the owner’s categories', () => {
    const own = categoryTabs([{ name: 'Cooking', tags: ['recipe'] }]);
    expect(own.map((t) => t.label)).toEqual(['All Posts', 'Cooking']);
    expect(matchesCategory({ tags: ['Recipes'] }, own[1])).toBe(true);
    expect(matchesCategory({ tags: ['tools'] }, own[1])).toBe(false);
  });
});

describe('matchesCategory', () => {
  it('matches tag substrings case-insensitively', () => {
    expect(matchesCategory({ tags: ['Knowledge-Base'] }, tab('Knowledge Management'))).toBe(true);
    expect(matchesCategory({ tags: ['note-taking'] }, tab('Knowledge Management'))).toBe(false);
    expect(matchesCategory({ tags: ['MyNotes'] }, tab('Knowledge Management'))).toBe(true);
    expect(matchesCategory({ tags: ['Workflows'] }, tab('Productivity'))).toBe(true);
    expect(matchesCategory({ tags: ['FinTech'] }, tab('Technology'))).toBe(true);
    expect(matchesCategory({ tags: ['dev tools'] }, tab('Technology'))).toBe(true);
    expect(matchesCategory({ tags: ['cooking'] }, tab('Technology'))).toBe(false);
  });

  it('puts every post in All Posts', () => {
    expect(matchesCategory({ tags: [] }, tab('All Posts'))).toBe(true);
  });
});

describe('postsInCategory', () => {
  it('filters a list', () => {
    const posts = [{ tags: ['notes'] }, { tags: ['workflow'] }, { tags: ['notes', 'tools'] }];
    expect(postsInCategory(posts, tab('Technology'))).toEqual([posts[2]]);
    expect(postsInCategory(posts, tab('All Posts'))).toHaveLength(3);
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
