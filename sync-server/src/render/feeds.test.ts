// RSS and sitemap builders with titles and tags that need escaping: the XML must stay well-formed.
import type { BlogPost } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { buildRss } from './build-rss.ts';
import { buildSitemap } from './build-sitemap.ts';

function post(id: number, fields: Partial<BlogPost> = {}): BlogPost {
  return {
    id,
    title: `Post ${id}`,
    excerpt: '',
    content: '',
    tags: [],
    published: true,
    readTime: 1,
    authorId: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    publishedAt: '2025-01-02T00:00:00.000Z',
    views: 0,
    commentCount: 0,
    ...fields,
  };
}

const nasty = post(7, {
  title: 'Tom & Jerry <script>alert("x")</script> ]]>',
  excerpt: 'a < b && c > "d"',
  content: '# Hi\n\n<script>alert(1)</script>text',
  tags: ['C&C', 'a/b <x>'],
  updatedAt: '2025-03-04T05:06:07.000Z',
});

describe('buildRss', () => {
  it('escapes every value and links to the post path', () => {
    const xml = buildRss([nasty, post(3)], 'https://blog.example');
    expect(() => create(xml)).not.toThrow();
    const doc = create(xml).end({ format: 'object' }) as unknown as {
      rss: { channel: { item: { title: string | Record<string, string>; link: string }[] } };
    };
    const [first, second] = doc.rss.channel.item;
    // A "]]>" inside the title splits it into two CDATA sections, which the parser hands back as parts.
    const title = typeof first?.title === 'object' ? Object.values(first.title).join('') : first?.title;
    expect(title).toBe('Tom & Jerry <script>alert("x")</script> ]]>');
    expect(first?.link).toBe('https://blog.example/blog/post/7/tom-jerry-scriptalertxscript');
    expect(second?.link).toBe('https://blog.example/blog/post/3/post-3');
    expect(xml).not.toContain('<script>alert(1)');
  });
});

describe('buildSitemap', () => {
  it('lists the fixed pages, posts and tag pages with lastmod, escaped', () => {
    const xml = buildSitemap([nasty, post(3, { tags: ['C&C'] })], 'https://blog.example');
    expect(() => create(xml)).not.toThrow();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://blog.example/',
      'https://blog.example/blog',
      'https://blog.example/blog/tags',
      'https://blog.example/blog/post/7/tom-jerry-scriptalertxscript',
      'https://blog.example/blog/post/3/post-3',
      'https://blog.example/blog/tags/C%26C',
      'https://blog.example/blog/tags/a%2Fb%20%3Cx%3E',
    ]);
    expect(xml).toContain('<lastmod>2025-03-04T05:06:07.000Z</lastmod>');
  });
});
