import { describe, expect, it } from 'vitest';
import { filterPosts } from './filter-posts.ts';

const posts = [
  {
    id: 1,
    title: 'Building a Second Brain',
    excerpt: 'PARA method',
    content: 'Projects, areas…',
    tags: ['Notes', 'PKM'],
  },
  { id: 2, title: 'Deep Work', excerpt: '', content: 'Focus without distraction', tags: ['productivity'] },
  { id: 3, title: 'Vite tips', excerpt: null, content: 'Fast builds', tags: ['tech', 'tools'] },
];
const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe('filterPosts', () => {
  it('returns all posts with no search or tag', () => {
    expect(ids(filterPosts(posts, {}))).toEqual([1, 2, 3]);
    expect(ids(filterPosts(posts, { search: '  ', tag: '' }))).toEqual([1, 2, 3]);
  });

  it('searches title, excerpt, content and tags case-insensitively', () => {
    expect(ids(filterPosts(posts, { search: 'brain' }))).toEqual([1]);
    expect(ids(filterPosts(posts, { search: 'para' }))).toEqual([1]);
    expect(ids(filterPosts(posts, { search: 'DISTRACTION' }))).toEqual([2]);
    expect(ids(filterPosts(posts, { search: 'tool' }))).toEqual([3]);
  });

  it('filters by exact tag', () => {
    expect(ids(filterPosts(posts, { tag: 'tech' }))).toEqual([3]);
    expect(ids(filterPosts(posts, { tag: 'notes' }))).toEqual([]);
    expect(ids(filterPosts(posts, { tag: 'Notes' }))).toEqual([1]);
  });

  it('combines search and tag', () => {
    expect(ids(filterPosts(posts, { tag: 'tech', search: 'fast' }))).toEqual([3]);
    expect(ids(filterPosts(posts, { tag: 'tech', search: 'focus' }))).toEqual([]);
  });
});
