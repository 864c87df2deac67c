import { describe, expect, it } from 'vitest';
import { isPostTab, POST_TABS, postsForTab } from './post-tabs.ts';

const posts = [
  { id: 1, published: true },
  { id: 2, published: false },
  { id: 3, published: true },
];

describe('post tabs', () => {
  it('labels the tabs as the spec does', () => {
    expect(POST_TABS.map((tab) => tab.label)).toEqual(['All Posts', 'Published', 'Drafts']);
  });

  it('lists every post, the published ones, or the drafts, keeping the order', () => {
    expect(postsForTab(posts, 'all').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(postsForTab(posts, 'published').map((p) => p.id)).toEqual([1, 3]);
    expect(postsForTab(posts, 'drafts').map((p) => p.id)).toEqual([2]);
  });

  it('recognises only its own tab values', () => {
    expect(isPostTab('drafts')).toBe(true);
    expect(isPostTab('archived')).toBe(false);
  });
});
