import { describe, expect, it } from 'vitest';
import { relatedPosts } from './related-posts.ts';

const post = (id: number, tags: string[], readTime = 3) => ({ id, tags, readTime });

describe('relatedPosts', () => {
  const current = post(1, ['react', 'typescript', 'testing']);

  it('orders by tag overlap divided by tag union', () => {
    const all = [
      current,
      post(2, ['react']), // 1/3
      post(3, ['react', 'typescript']), // 2/3
      post(4, ['react', 'typescript', 'testing', 'vite']), // 3/4
      post(5, ['react', 'go', 'rust', 'zig']), // 1/6
    ];
    expect(relatedPosts(current, all).map((p) => p.id)).toEqual([4, 3, 2]);
  });

  it('excludes the post itself and posts with no shared tag', () => {
    const all = [current, post(2, ['cooking']), post(3, [])];
    expect(relatedPosts(current, all)).toEqual([]);
  });

  it('breaks ties by the longer read time, then by input order', () => {
    const all = [
      post(2, ['react'], 4),
      post(3, ['typescript'], 9),
      post(4, ['testing'], 4),
      post(5, ['react'], 1),
    ];
    expect(relatedPosts(current, all).map((p) => p.id)).toEqual([3, 2, 4]);
  });

  it('returns at most max posts', () => {
    const all = Array.from({ length: 10 }, (_, i) => post(i + 2, ['react']));
    expect(relatedPosts(current, all)).toHaveLength(3);
    expect(relatedPosts(current, all, 5)).toHaveLength(5);
    expect(relatedPosts(current, all, 0)).toHaveLength(0);
  });

  it('compares tags case-insensitively and ignores duplicate tags', () => {
    const all = [post(2, ['React', 'REACT', 'TypeScript', 'testing'])];
    const [related] = relatedPosts(current, all);
    expect(related?.id).toBe(2);
  });

  it('finds nothing for a post without tags', () => {
    expect(relatedPosts(post(1, []), [post(2, ['react'])])).toEqual([]);
  });
});
