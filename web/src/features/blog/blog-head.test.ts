// A post's BlogPosting JSON-LD names its author with the picture the page shows beside the name, as an
// absolute address; without a picture the author has none.
import type { BlogPost, PublicSite } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import { postHeadInput, publicHead } from './blog-head.ts';

const SHA = 'a'.repeat(64);
const post = {
  id: 3,
  title: 'Notes that grow',
  slug: 'notes-that-grow',
  excerpt: 'Ideas, not folders.',
  content: 'Ideas, not folders.',
  tags: ['notes'],
  imageUrl: null,
  seoDescription: null,
  publishedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
} as unknown as BlogPost;

function ldAuthor(avatarUrl: string | null) {
  const site = { title: 'Field Notes', author: { name: 'Ada', bio: '', avatarUrl } } as Pick<
    PublicSite,
    'title' | 'author'
  >;
  const head = publicHead(postHeadInput(post, 'https://notes.example', '/blog/post/3/notes-that-grow', site));
  const ld = head.meta.find((tag) => 'script:ld+json' in tag)?.['script:ld+json'] as { author: unknown };
  return ld.author;
}

describe('the BlogPosting author', () => {
  it('carries the uploaded picture as an absolute address at the width the post shows it', () => {
    expect(ldAuthor(`/api/attachments/${SHA}`)).toEqual({
      '@type': 'Person',
      name: 'Ada',
      url: 'https://notes.example/about',
      image: `https://notes.example/api/attachments/${SHA}?w=320`,
    });
  });

  it('has no image when the owner has no picture', () => {
    expect(ldAuthor(null)).toEqual({ '@type': 'Person', name: 'Ada', url: 'https://notes.example/about' });
  });
});
