import { describe, expect, it } from 'vitest';
import { relatedTags } from './related-tags.ts';

describe('relatedTags', () => {
  const posts = [
    { tags: ['react', 'hooks', 'state'] },
    { tags: ['react', 'state'] },
    { tags: ['react', 'Router'] },
    { tags: ['vue', 'state'] },
  ];

  it('lists tags co-occurring with the tag, most shared first, then by name', () => {
    expect(relatedTags(posts, 'react')).toEqual([
      { tag: 'state', count: 2 },
      { tag: 'hooks', count: 1 },
      { tag: 'Router', count: 1 },
    ]);
  });

  it('excludes the tag itself and posts without it', () => {
    expect(relatedTags(posts, 'vue')).toEqual([{ tag: 'state', count: 1 }]);
    expect(relatedTags(posts, 'missing')).toEqual([]);
  });

  it('returns at most 10 by default', () => {
    const many = [{ tags: ['main', ...Array.from({ length: 15 }, (_, i) => `t${i}`)] }];
    expect(relatedTags(many, 'main')).toHaveLength(10);
    expect(relatedTags(many, 'main', 3)).toHaveLength(3);
  });
});
