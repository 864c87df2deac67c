import { describe, expect, it } from 'vitest';
import { PostSortSchema, sortPosts } from './sort-posts.ts';

const posts = [
  { id: 1, readTime: 5, createdAt: '2025-02-01T00:00:00Z' },
  { id: 2, readTime: 9, createdAt: '2025-01-01T00:00:00Z' },
  { id: 3, readTime: 5, createdAt: '2025-03-01T00:00:00Z' },
  { id: 4, readTime: 2, createdAt: null },
];
const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe('sortPosts', () => {
  it('sorts most recent first by default, undated last', () => {
    expect(ids(sortPosts(posts))).toEqual([3, 1, 2, 4]);
  });

  it('sorts oldest first, undated first', () => {
    expect(ids(sortPosts(posts, 'oldest'))).toEqual([4, 2, 1, 3]);
  });

  it('sorts popular by read time, ties by most recent', () => {
    expect(ids(sortPosts(posts, 'popular'))).toEqual([2, 3, 1, 4]);
  });

  it('keeps input order among fully equal posts and does not change the input', () => {
    const same = [
      { id: 1, readTime: 3 },
      { id: 2, readTime: 3 },
    ];
    expect(ids(sortPosts(same, 'popular'))).toEqual([1, 2]);
    expect(ids(sortPosts(same, 'recent'))).toEqual([1, 2]);
    expect(ids(posts)).toEqual([1, 2, 3, 4]);
  });
});

describe('PostSortSchema', () => {
  it('falls back to recent', () => {
    expect(PostSortSchema.parse('popular')).toBe('popular');
    expect(PostSortSchema.parse('nope')).toBe('recent');
  });
});
