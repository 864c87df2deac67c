// The public blog API over real HTTP: drafts stay invisible, search and tags, one post with safe HTML,
// real view and comment counts, ETag revalidation.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  type BlogPost,
  type BlogPostDetail,
  BlogPostDetailSchema,
  BlogPostSchema,
  TagSummarySchema,
} from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VIEW_RATE_LIMIT } from '../src/routes/blog.ts';
import { conditionalGet, contentSnapshot, createPost, sleep } from './blog-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
let older: BlogPost;
let newer: BlogPost;
let draft: BlogPost;

beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
  older = await createPost(s, cookie, {
    title: 'Spaced Repetition Basics',
    content: '# Why\n\nReview cards on a **schedule**.',
    tags: ['Learning', 'notes'],
    published: true,
  });
  await sleep(5);
  newer = await createPost(s, cookie, {
    title: 'Tools for Thought',
    content: 'Zettelkasten and other TOOLS.\n\n<script>alert(1)</script><a href="javascript:alert(2)">x</a>',
    tags: ['tech', 'C++ & Go'],
    published: true,
  });
  draft = await createPost(s, cookie, {
    title: 'Secret draft about notes',
    content: 'not yet',
    tags: ['notes', 'draft-only'],
  });
});
afterAll(() => s.close());

describe('GET /api/blog', () => {
  it('lists published posts only, newest publication first, with real counts', async () => {
    const res = await s.api<BlogPost[]>('GET', '/api/blog');
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(res.body[0]).toMatchObject({ views: 0, commentCount: 0, published: true });
    // The answer honours the shared contract the web client parses.
    expect(z.array(BlogPostSchema).safeParse(res.body).success).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('Secret draft');
  });

  it('a re-published older post moves to the top (publishedAt follows the last publish)', async () => {
    const res = await s.api('PUT', `/api/admin/blog/${older.id}`, { cookie, body: { published: true } });
    expect(res.status).toBe(200);
    const list = await s.api<BlogPost[]>('GET', '/api/blog');
    expect(list.body.map((p) => p.id)).toEqual([older.id, newer.id]);
    // Put the order back for the other tests.
    await s.api('PUT', `/api/admin/blog/${newer.id}`, { cookie, body: { published: true } });
  });

  it('searches title, content and tags case-insensitively', async () => {
    const ids = async (search: string) =>
      (await s.api<BlogPost[]>('GET', `/api/blog?search=${encodeURIComponent(search)}`)).body.map(
        (p) => p.id,
      );
    expect(await ids('SPACED')).toEqual([older.id]);
    expect(await ids('zettelkasten')).toEqual([newer.id]);
    expect(await ids('learn')).toEqual([older.id]);
    expect(await ids('c++ &')).toEqual([newer.id]);
    expect(await ids('not yet')).toEqual([]);
    expect(await ids('no such words')).toEqual([]);
    expect(await ids('  ')).toHaveLength(2);
  });

  it('filters by exact tag', async () => {
    const ids = async (tag: string) =>
      (await s.api<BlogPost[]>('GET', `/api/blog?tag=${encodeURIComponent(tag)}`)).body.map((p) => p.id);
    expect(await ids('Learning')).toEqual([older.id]);
    expect(await ids('learning')).toEqual([]);
    expect(await ids('notes')).toEqual([older.id]);
    expect(await ids('draft-only')).toEqual([]);
  });

  it('rejects an oversize or repeated query with 400', async () => {
    const long = await s.api('GET', `/api/blog?search=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^search: /);
    const repeated = await s.api('GET', '/api/blog?tag=a&tag=b');
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toMatch(/^tag: /);
  });

  it('carries an ETag and answers 304 until the blog changes', async () => {
    const first = await s.api('GET', '/api/blog');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(await conditionalGet(`${s.url}/api/blog`, etag!)).toEqual({ status: 304, etag });
    const extra = await createPost(s, cookie, { title: 'Fresh one', published: true });
    const changed = await conditionalGet(`${s.url}/api/blog`, etag!);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(etag);
    expect((await s.api<BlogPost[]>('GET', '/api/blog')).body[0]?.id).toBe(extra.id);
    await s.api('DELETE', `/api/admin/blog/${extra.id}`, { cookie });
  });
});

function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('compressed answers', () => {
  it('serves the list gzip- or brotli-compressed on request, same JSON, Vary: Accept-Encoding', async () => {
    // Big enough to be worth compressing.
    const big = await createPost(s, cookie, {
      title: 'Big',
      content: 'lorem ipsum '.repeat(300),
      published: true,
    });
    const plain = await rawGet(`${s.url}/api/blog`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await rawGet(`${s.url}/api/blog`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);
    const br = await rawGet(`${s.url}/api/blog`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    await s.api('DELETE', `/api/admin/blog/${big.id}`, { cookie });
  });
});

describe('GET /api/blog/:id', () => {
  it('answers a published post with sanitised HTML', async () => {
    const res = await s.api<BlogPostDetail>('GET', `/api/blog/${newer.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: newer.id, title: 'Tools for Thought', published: true });
    expect(BlogPostDetailSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.contentHtml).toContain('<p>Zettelkasten and other TOOLS.</p>');
    expect(res.body.contentHtml).not.toMatch(/<script|javascript:/i);
    expect(res.headers.get('etag')).toBeTruthy();
    const heading = await s.api<BlogPostDetail>('GET', `/api/blog/${older.id}`);
    expect(heading.body.contentHtml).toContain('<h1 id="why">Why</h1>');
  });

  it('renders the new content after an edit', async () => {
    const post = await createPost(s, cookie, {
      title: 'Editable',
      content: 'first *version*',
      published: true,
    });
    expect((await s.api<BlogPostDetail>('GET', `/api/blog/${post.id}`)).body.contentHtml).toContain(
      '<em>version</em>',
    );
    await s.api('PUT', `/api/admin/blog/${post.id}`, { cookie, body: { content: 'second **take**' } });
    const edited = await s.api<BlogPostDetail>('GET', `/api/blog/${post.id}`);
    expect(edited.body.contentHtml).toBe('<p>second <strong>take</strong></p>\n');
    expect(await (await fetch(`${s.url}/rss.xml`)).text()).toContain('<strong>take</strong>');
    await s.api('DELETE', `/api/admin/blog/${post.id}`, { cookie });
  });

  it('hides drafts and unknown ids from visitors with 404', async () => {
    for (const id of [draft.id, 999999]) {
      const res = await s.api('GET', `/api/blog/${id}`);
      expect(res).toMatchObject({ status: 404, body: { message: 'Blog post not found' } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('lets the signed-in owner read a draft, never cached', async () => {
    const res = await s.api<BlogPostDetail>('GET', `/api/blog/${draft.id}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: draft.id,
      published: false,
      publishedAt: null,
      contentHtml: '<p>not yet</p>\n',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999999999'])('answers 400 for id %s', async (id) => {
    const res = await s.api('GET', `/api/blog/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^id: /);
  });
});

describe('GET /api/blog/tags', () => {
  it('lists posts of one URL-decoded tag, published only', async () => {
    const res = await s.api<BlogPost[]>('GET', `/api/blog/tags/${encodeURIComponent('C++ & Go')}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.id)).toEqual([newer.id]);
    const notes = await s.api<BlogPost[]>('GET', '/api/blog/tags/notes');
    expect(notes.body.map((p) => p.id)).toEqual([older.id]);
    const draftOnly = await s.api<BlogPost[]>('GET', '/api/blog/tags/draft-only');
    expect(draftOnly).toMatchObject({ status: 200, body: [] });
  });

  it('rejects an oversize tag with 400', async () => {
    const res = await s.api('GET', `/api/blog/tags/${'x'.repeat(51)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^tag: /);
  });

  it('summarises every tag of published posts with counts and latest dates', async () => {
    const res = await s.api('GET', '/api/blog/tags');
    expect(res.status).toBe(200);
    const tags = z.array(TagSummarySchema).parse(res.body);
    expect(tags.map((t) => t.tag).sort()).toEqual(['C++ & Go', 'Learning', 'notes', 'tech']);
    expect(tags.find((t) => t.tag === 'tech')?.count).toBe(1);
  });
});

describe('POST /api/blog/:id/view', () => {
  it('counts every view at once, without throwing away cached answers, and shows them with the next change', async () => {
    const first = await s.api<BlogPostDetail>('GET', `/api/blog/${older.id}`);
    const before = first.body.views;
    for (let i = 1; i <= 3; i++) {
      const res = await s.api('POST', `/api/blog/${older.id}/view`);
      expect(res).toMatchObject({ status: 200, body: { views: before + i } });
    }
    // A view is a statistic, not content: the cached answer (same ETag) is still the one served.
    const cached = await s.api<BlogPostDetail>('GET', `/api/blog/${older.id}`);
    expect(cached.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(cached.body.views).toBe(before);

    // The next change of the blog's content (here a new draft) shows every view counted so far.
    await createPost(s, cookie, { title: 'A draft that moves the blog on', published: false });
    expect((await s.api<BlogPostDetail>('GET', `/api/blog/${older.id}`)).body.views).toBe(before + 3);
    const listed = (await s.api<BlogPost[]>('GET', '/api/blog')).body.find((p) => p.id === older.id);
    expect(listed?.views).toBe(before + 3);

    // Views are stored in batches, silently: storing them keeps the cached answers too.
    const etag = (await s.api('GET', '/api/blog')).headers.get('etag');
    expect(s.handle.store.get('posts', older.id)?.views).toBe(before);
    await s.handle.services.blog.flushViews();
    expect(s.handle.store.get('posts', older.id)?.views).toBe(before + 3);
    expect((await s.api('GET', '/api/blog')).headers.get('etag')).toBe(etag);
  });

  it('does not count drafts or unknown posts', async () => {
    const before = contentSnapshot(s);
    expect((await s.api('POST', `/api/blog/${draft.id}/view`)).status).toBe(404);
    expect((await s.api('POST', '/api/blog/424242/view')).status).toBe(404);
    expect((await s.api('POST', '/api/blog/x/view')).status).toBe(400);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('the service countView is the same counter server rendering uses', async () => {
    const views = await s.handle.services.blog.countView(newer.id);
    const res = await s.api<BlogPostDetail>('GET', `/api/blog/${newer.id}`);
    expect(res.body.views).toBe(views);
    expect(await s.handle.services.blog.countView(draft.id)).toBeNull();
  });
});

describe('view rate limit', () => {
  it(`counts up to ${VIEW_RATE_LIMIT.limit} views of a post per IP a minute, then answers 429 without counting`, async () => {
    const limited = await startTestServer();
    try {
      const post = await createPost(limited, await limited.login(), { title: 'Viewed', published: true });
      for (let i = 0; i < VIEW_RATE_LIMIT.limit; i++) {
        expect((await limited.api('POST', `/api/blog/${post.id}/view`)).status).toBe(200);
      }
      const res = await limited.api('POST', `/api/blog/${post.id}/view`);
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/too many/i);
      await limited.handle.services.blog.flushViews();
      expect(limited.handle.store.get('posts', post.id)?.views).toBe(VIEW_RATE_LIMIT.limit);
      // The limit is per post: reading another post still counts.
      const other = await createPost(limited, await limited.login(), { title: 'Other', published: true });
      expect(await limited.api('POST', `/api/blog/${other.id}/view`)).toMatchObject({
        status: 200,
        body: { views: 1 },
      });
    } finally {
      await limited.close();
    }
  });
});

describe('real comment counts', () => {
  it('commentCount counts approved comments only', async () => {
    const posted = await s.api('POST', `/api/blog/${newer.id}/comments`, {
      body: { author: 'Ann', email: 'ann@example.com', content: 'Nice' },
    });
    expect(posted.status).toBe(201);
    const pending = (await s.api<BlogPost[]>('GET', '/api/blog')).body.find((p) => p.id === newer.id);
    expect(pending?.commentCount).toBe(0);
    await s.api('PUT', `/api/comments/${posted.body.id}/approve`, { cookie });
    const approved = (await s.api<BlogPost[]>('GET', '/api/blog')).body.find((p) => p.id === newer.id);
    expect(approved?.commentCount).toBe(1);
  });
});
