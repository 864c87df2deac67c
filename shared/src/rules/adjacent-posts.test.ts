import { describe, expect, it } from 'vitest';
import { adjacentPosts } from './adjacent-posts.ts';

describe('adjacentPosts', () => {
  const posts = [{ id: 10 }, { id: 20 }, { id: 30 }];

  it('gives the posts before and after in list order', () => {
    expect(adjacentPosts(posts, 20)).toEqual({ previous: { id: 10 }, next: { id: 30 } });
  });

  it('has no previous for the first and no next for the last', () => {
    expect(adjacentPosts(posts, 10)).toEqual({ previous: null, next: { id: 20 } });
    expect(adjacentPosts(posts, 30)).toEqual({ previous: { id: 20 }, next: null });
  });

  it('has neither for a post not in the list', () => {
    expect(adjacentPosts(posts, 99)).toEqual({ previous: null, next: null });
  });
});
