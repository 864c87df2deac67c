// The owner's blog API over real HTTP: defaults, read time, publish rules, validation that changes
// nothing, 401 for visitors, 404 for unknown ids, delete taking the post's comments along.
import type { BlogPost } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSnapshot, createPost, sleep } from './blog-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
let ownerId: number;

beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
  ownerId = s.handle.store.all('users')[0]!.id;
});
afterAll(() => s.close());

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('anonymous', () => {
  it.each([
    ['GET', '/api/admin/blog'],
    ['POST', '/api/admin/blog'],
    ['PUT', '/api/admin/blog/1'],
    ['DELETE', '/api/admin/blog/1'],
  ])('%s %s answers 401 and changes nothing', async (method, path) => {
    const post = await createPost(s, cookie, { title: 'Guarded' });
    const before = contentSnapshot(s);
    const res = await s.api(method, path.replace('/1', `/${post.id}`), {
      body: method === 'POST' || method === 'PUT' ? { title: 'x', published: true } : undefined,
    });
    expect(res).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
    expect(contentSnapshot(s)).toBe(before);
  });
});

describe('POST /api/admin/blog', () => {
  it('creates a draft with the spec defaults and a computed read time', async () => {
    const res = await s.api<BlogPost>('POST', '/api/admin/blog', { cookie, body: { title: '  Hello  ' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      title: 'Hello',
      excerpt: '',
      content: '',
      tags: [],
      published: false,
      publishedAt: null,
      readTime: 1,
      authorId: ownerId,
      imageUrl: null,
      sourceNoteId: null,
      views: 0,
      commentCount: 0,
    });
    expect(res.body.id).toBeGreaterThan(0);
    expect(res.body.createdAt).toBe(res.body.updatedAt);
    expect(s.handle.store.get('posts', res.body.id)?.title).toBe('Hello');
  });

  it('computes readTime as words / 200 rounded up unless given', async () => {
    expect((await createPost(s, cookie, { content: words(401) })).readTime).toBe(3);
    expect((await createPost(s, cookie, { content: words(200) })).readTime).toBe(1);
    expect((await createPost(s, cookie, { content: words(401), readTime: 9 })).readTime).toBe(9);
  });

  it('a post created published gets publishedAt = updatedAt; tags are de-duplicated', async () => {
    const post = await createPost(s, cookie, {
      title: 'Live',
      published: true,
      tags: [' a ', 'b', 'a'],
      faq: [{ question: 'Q?', answer: 'A.' }],
      imageUrl: 'https://example.com/x.png',
    });
    expect(post.publishedAt).toBe(post.updatedAt);
    expect(post.tags).toEqual(['a', 'b']);
    expect(post.faq).toEqual([{ question: 'Q?', answer: 'A.' }]);
    expect(post.imageUrl).toBe('https://example.com/x.png');
  });

  it.each([
    ['missing title', {}, /^title: /],
    ['empty title', { title: '   ' }, /^title: must not be empty/],
    ['title of the wrong type', { title: 42 }, /^title: /],
    ['oversize title', { title: 'x'.repeat(201) }, /^title: must be at most 200 characters/],
    ['oversize excerpt', { title: 't', excerpt: 'x'.repeat(501) }, /^excerpt: /],
    ['tags not an array', { title: 't', tags: 'a,b' }, /^tags: /],
    ['oversize tag', { title: 't', tags: ['x'.repeat(51)] }, /^tags\.0: /],
    ['too many tags', { title: 't', tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }, /^tags: /],
    ['published not boolean', { title: 't', published: 'yes' }, /^published: /],
    ['readTime zero', { title: 't', readTime: 0 }, /^readTime: /],
    ['javascript: image', { title: 't', imageUrl: 'javascript:alert(1)' }, /^imageUrl: /],
    ['body not an object', ['title'], /./],
  ])('answers 400 for %s and stores nothing', async (_name, body, message) => {
    const before = contentSnapshot(s);
    const res = await s.api('POST', '/api/admin/blog', { cookie, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('answers 400 for broken JSON and stores nothing', async () => {
    const before = contentSnapshot(s);
    const res = await s.api('POST', '/api/admin/blog', { cookie, rawBody: '{"title":' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Invalid JSON body' } });
    expect(contentSnapshot(s)).toBe(before);
  });
});

describe('PUT /api/admin/blog/:id', () => {
  it('publishes and unpublishes with the flag alone', async () => {
    const post = await createPost(s, cookie, { title: 'Toggle', content: words(10) });
    await sleep(5);
    const published = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { published: true },
    });
    expect(published.status).toBe(200);
    expect(published.body.published).toBe(true);
    expect(published.body.publishedAt).toBe(published.body.updatedAt);
    expect(published.body.updatedAt > post.updatedAt).toBe(true);
    expect(published.body).toMatchObject({ title: 'Toggle', content: words(10), readTime: post.readTime });
    expect((await s.api('GET', `/api/blog/${post.id}`)).status).toBe(200);

    const unpublished = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { published: false },
    });
    expect(unpublished.body).toMatchObject({ published: false, publishedAt: null });
    expect((await s.api('GET', `/api/blog/${post.id}`)).status).toBe(404);
  });

  it('edits fields; a published post keeps publishedAt equal to updatedAt; readTime follows the content', async () => {
    const post = await createPost(s, cookie, { title: 'Edit me', published: true, content: 'short' });
    await sleep(5);
    const edited = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { title: 'Edited', content: words(601), tags: ['x'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Edited', tags: ['x'], readTime: 4, published: true });
    expect(edited.body.publishedAt).toBe(edited.body.updatedAt);
    expect(edited.body.createdAt).toBe(post.createdAt);

    const explicit = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { content: words(10), readTime: 7 },
    });
    expect(explicit.body.readTime).toBe(7);
    const titleOnly = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { title: 'T2' },
    });
    expect(titleOnly.body.readTime).toBe(7);
  });

  it.each([
    ['an empty body', {}, /must change at least one field/],
    ['a title of the wrong type', { title: ['x'] }, /^title: /],
    ['an oversize title', { title: 'y'.repeat(201) }, /^title: /],
    ['published as a string', { published: 'true' }, /^published: /],
    ['a negative readTime', { readTime: -2 }, /^readTime: /],
  ])('answers 400 for %s and changes nothing', async (_name, body, message) => {
    const post = await createPost(s, cookie, { title: 'Stable' });
    const before = contentSnapshot(s);
    const res = await s.api('PUT', `/api/admin/blog/${post.id}`, { cookie, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('answers 404 for an unknown post and 400 for an id of the wrong shape', async () => {
    const before = contentSnapshot(s);
    expect(await s.api('PUT', '/api/admin/blog/777777', { cookie, body: { published: true } })).toMatchObject(
      {
        status: 404,
        body: { message: 'Blog post not found' },
      },
    );
    const bad = await s.api('PUT', '/api/admin/blog/abc', { cookie, body: { published: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^id: /);
    expect(contentSnapshot(s)).toBe(before);
  });
});

describe('SEO description', () => {
  it('is kept on create, changed or cleared on edit, and public with the post', async () => {
    const post = await createPost(s, cookie, {
      title: 'Described',
      published: true,
      seoDescription: '  What the search result says.  ',
    });
    expect(post.seoDescription).toBe('What the search result says.');
    expect((await s.api('GET', `/api/blog/${post.id}`)).body.seoDescription).toBe(
      'What the search result says.',
    );
    const edited = await s.api('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { seoDescription: 'Shorter.' },
    });
    expect(edited.body.seoDescription).toBe('Shorter.');
    const cleared = await s.api('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { seoDescription: '' },
    });
    expect(cleared.body.seoDescription).toBe('');
    // A post created without one has none.
    expect((await createPost(s, cookie, { title: 'Plain' })).seoDescription).toBeUndefined();
  });

  it('refuses one longer than 300 characters with 400 and keeps the post', async () => {
    const post = await createPost(s, cookie, { title: 'Bounded', seoDescription: 'Fine.' });
    const before = contentSnapshot(s);
    const res = await s.api('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { seoDescription: 'x'.repeat(301) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('seoDescription: must be at most 300 characters');
    expect(contentSnapshot(s)).toBe(before);
  });
});

describe('GET /api/admin/blog', () => {
  it('lists every post including drafts, newest first, never cached', async () => {
    const draft = await createPost(s, cookie, { title: 'Only in admin' });
    const res = await s.api<BlogPost[]>('GET', '/api/admin/blog', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body[0]?.id).toBe(draft.id);
    expect(res.body).toHaveLength(s.handle.store.count('posts'));
    expect(res.body.some((p) => !p.published)).toBe(true);
  });
});

describe('DELETE /api/admin/blog/:id', () => {
  it('deletes the post and its comments', async () => {
    const post = await createPost(s, cookie, { title: 'Doomed', published: true });
    const other = await createPost(s, cookie, { title: 'Survivor', published: true });
    for (const target of [post, other]) {
      const res = await s.api('POST', `/api/blog/${target.id}/comments`, {
        body: { author: 'A', email: 'a@example.com', content: 'hi' },
      });
      expect(res.status).toBe(201);
    }
    const res = await s.api('DELETE', `/api/admin/blog/${post.id}`, { cookie });
    expect(res.status).toBe(204);
    expect(s.handle.store.get('posts', post.id)).toBeUndefined();
    expect(s.handle.store.filter('comments', (c) => c.postId === post.id)).toEqual([]);
    expect(s.handle.store.filter('comments', (c) => c.postId === other.id)).toHaveLength(1);
    expect((await s.api('GET', `/api/blog/${post.id}`)).status).toBe(404);
    expect((await s.api('DELETE', `/api/admin/blog/${post.id}`, { cookie })).status).toBe(404);
    expect((await s.api('DELETE', '/api/admin/blog/0', { cookie })).status).toBe(400);
  });
});

describe('createPostFromNote (service, for generate-blog)', () => {
  it('creates a linked draft, clamping generated text to the form limits', async () => {
    const post = await s.handle.services.blog.createPostFromNote(
      { noteId: 12, title: 'T'.repeat(300), excerpt: 'e', content: words(250), tags: ['ai', 'ai', ' x '] },
      ownerId,
    );
    expect(post).toMatchObject({
      published: false,
      publishedAt: null,
      sourceNoteId: 12,
      readTime: 2,
      tags: ['ai', 'x'],
    });
    expect(post.title).toHaveLength(200);
    const listed = await s.api<BlogPost[]>('GET', '/api/admin/blog', { cookie });
    expect(listed.body.find((p) => p.id === post.id)?.sourceNoteId).toBe(12);
  });
});
