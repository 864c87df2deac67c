// The comments API over real HTTP: moderation, e-mails only ever to the owner, the honeypot, reports,
// validation that stores nothing, 401/404, and the per-IP rate limits.
import { type BlogPost, type Comment, CommentSchema } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_RATE_LIMIT, REPORT_RATE_LIMIT } from '../src/routes/comments.ts';
import { contentSnapshot, createPost } from './blog-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const EMAIL = 'Private.Person@Example.com';
const comment = (fields: Record<string, unknown> = {}) => ({
  author: 'Pat',
  email: EMAIL,
  content: 'Thoughtful remark',
  ...fields,
});

describe('moderation and privacy', () => {
  let s: TestServer;
  let cookie: string;
  let post: BlogPost;
  let draft: BlogPost;
  beforeAll(async () => {
    s = await startTestServer();
    cookie = await s.login();
    post = await createPost(s, cookie, { title: 'Commented', published: true });
    draft = await createPost(s, cookie, { title: 'Draft' });
  });
  afterAll(() => s.close());

  let pendingId: number;

  it('a visitor posts into moderation and gets the comment back without the e-mail', async () => {
    const res = await s.api<Comment>('POST', `/api/blog/${post.id}/comments`, {
      body: comment({ author: '  Pat  ', content: ' <b>hi</b> there ' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      postId: post.id,
      author: 'Pat',
      content: '<b>hi</b> there',
      isApproved: false,
    });
    expect(JSON.stringify(res.body).toLowerCase()).not.toContain('private.person');
    expect(res.body).not.toHaveProperty('reported');
    pendingId = res.body.id;
    // Stored as plain text, e-mail kept (lower-cased) for the owner.
    expect(s.handle.store.get('comments', pendingId)).toMatchObject({
      email: EMAIL.toLowerCase(),
      content: '<b>hi</b> there',
      isApproved: false,
    });
  });

  it('visitors do not see pending comments; the owner sees them with e-mail and report flag', async () => {
    const anonymous = await s.api('GET', `/api/blog/${post.id}/comments`);
    expect(anonymous).toMatchObject({ status: 200, body: [] });
    const owner = await s.api<Comment[]>('GET', `/api/blog/${post.id}/comments`, { cookie });
    expect(owner.body).toEqual([
      expect.objectContaining({
        id: pendingId,
        email: EMAIL.toLowerCase(),
        isApproved: false,
        reported: false,
      }),
    ]);
    expect(owner.headers.get('cache-control')).toBe('no-store');
    expect(CommentSchema.array().safeParse(owner.body).success).toBe(true);
  });

  it('approval shows the comment to visitors, still without any e-mail in the raw answer', async () => {
    const approve = await s.api<Comment>('PUT', `/api/comments/${pendingId}/approve`, { cookie });
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({ id: pendingId, isApproved: true, email: EMAIL.toLowerCase() });

    const res = await fetch(`${s.url}/api/blog/${post.id}/comments`);
    const raw = await res.text();
    expect(res.status).toBe(200);
    expect(raw.toLowerCase()).not.toContain('private.person');
    expect(raw).not.toContain('@');
    expect(raw).not.toContain('email');
    expect(raw).not.toContain('reported');
    expect(JSON.parse(raw)).toEqual([
      {
        id: pendingId,
        postId: post.id,
        author: 'Pat',
        content: '<b>hi</b> there',
        createdAt: expect.any(String),
        isApproved: true,
      },
    ]);
    // Approving twice is harmless and does not count twice.
    await s.api('PUT', `/api/comments/${pendingId}/approve`, { cookie });
    expect((await s.api<BlogPost>('GET', `/api/blog/${post.id}`)).body.commentCount).toBe(1);
  });

  it('no anonymous answer anywhere carries a commenter e-mail', async () => {
    for (const path of [
      '/api/blog',
      `/api/blog/${post.id}`,
      `/api/blog/${post.id}/comments`,
      '/rss.xml',
      '/sitemap.xml',
    ]) {
      const raw = await (await fetch(s.url + path)).text();
      expect(raw.toLowerCase(), path).not.toContain('private.person');
    }
  });

  it('a visitor reports an approved comment; only the owner sees the flag', async () => {
    const res = await s.api('POST', `/api/comments/${pendingId}/report`);
    expect(res).toMatchObject({ status: 200, body: { message: 'Comment reported' } });
    const owner = await s.api<Comment[]>('GET', `/api/blog/${post.id}/comments`, { cookie });
    expect(owner.body[0]?.reported).toBe(true);
    const anonymous = await s.api<Comment[]>('GET', `/api/blog/${post.id}/comments`);
    expect(anonymous.body[0]).not.toHaveProperty('reported');
  });

  it('pending and unknown comments cannot be reported (404), bad ids are 400', async () => {
    const pending = await s.api<Comment>('POST', `/api/blog/${post.id}/comments`, { body: comment() });
    const before = contentSnapshot(s);
    expect((await s.api('POST', `/api/comments/${pending.body.id}/report`)).status).toBe(404);
    expect((await s.api('POST', '/api/comments/99999/report')).status).toBe(404);
    expect((await s.api('POST', '/api/comments/abc/report')).status).toBe(400);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('the honeypot answers like success and stores nothing', async () => {
    const before = contentSnapshot(s);
    const res = await s.api<Comment>('POST', `/api/blog/${post.id}/comments`, {
      body: comment({ website: 'https://spam.example', content: 'Buy now' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ postId: post.id, author: 'Pat', content: 'Buy now', isApproved: false });
    expect(res.body.id).toBeGreaterThan(0);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('comments on drafts and unknown posts answer 404', async () => {
    const before = contentSnapshot(s);
    for (const id of [draft.id, 123456]) {
      const res = await s.api('POST', `/api/blog/${id}/comments`, { body: comment() });
      expect(res).toMatchObject({ status: 404, body: { message: 'Blog post not found' } });
      expect((await s.api('GET', `/api/blog/${id}/comments`)).status).toBe(404);
    }
    expect(contentSnapshot(s)).toBe(before);
  });

  it('approve and delete need the owner (401) and answer 404 for unknown comments', async () => {
    const before = contentSnapshot(s);
    expect((await s.api('PUT', `/api/comments/${pendingId}/approve`)).status).toBe(401);
    expect((await s.api('DELETE', `/api/comments/${pendingId}`)).status).toBe(401);
    expect((await s.api('PUT', '/api/comments/99999/approve', { cookie })).status).toBe(404);
    expect((await s.api('DELETE', '/api/comments/99999', { cookie })).status).toBe(404);
    expect((await s.api('DELETE', '/api/comments/1.5', { cookie })).status).toBe(400);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('the owner deletes an approved comment and the count follows', async () => {
    const res = await s.api('DELETE', `/api/comments/${pendingId}`, { cookie });
    expect(res.status).toBe(204);
    expect(s.handle.store.get('comments', pendingId)).toBeUndefined();
    expect((await s.api<BlogPost>('GET', `/api/blog/${post.id}`)).body.commentCount).toBe(0);
    expect((await s.api('GET', `/api/blog/${post.id}/comments`)).body).toEqual([]);
  });
});

describe('validation', () => {
  let s: TestServer;
  let post: BlogPost;
  beforeAll(async () => {
    s = await startTestServer();
    post = await createPost(s, await s.login(), { title: 'Validated', published: true });
  });
  afterAll(() => s.close());

  it.each([
    ['missing name', { email: 'a@b.co', content: 'x' }, /^author: /],
    ['blank name', comment({ author: '   ' }), /^author: Name is required/],
    ['missing e-mail', { author: 'a', content: 'x' }, /^email: /],
    ['invalid e-mail', comment({ email: 'not-an-email' }), /^email: must be a valid email address/],
    ['blank comment', comment({ content: '  ' }), /^content: Comment text is required/],
    ['oversize comment', comment({ content: 'x'.repeat(5001) }), /^content: must be at most 5000 characters/],
    ['oversize name', comment({ author: 'x'.repeat(101) }), /^author: /],
    ['name of the wrong type', comment({ author: 7 }), /^author: /],
  ])('answers 400 for %s and stores nothing', async (_name, body, message) => {
    const before = contentSnapshot(s);
    const res = await s.api('POST', `/api/blog/${post.id}/comments`, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('answers 400 for a post id of the wrong shape', async () => {
    const res = await s.api('POST', '/api/blog/first/comments', { body: comment() });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^id: /);
  });
});

describe('rate limits', () => {
  let s: TestServer;
  let cookie: string;
  let post: BlogPost;
  beforeAll(async () => {
    s = await startTestServer();
    cookie = await s.login();
    post = await createPost(s, cookie, { title: 'Popular', published: true });
  });
  afterAll(() => s.close());

  it(`allows ${COMMENT_RATE_LIMIT.limit} comments per IP in the window, then answers 429`, async () => {
    for (let i = 0; i < COMMENT_RATE_LIMIT.limit; i++) {
      const res = await s.api('POST', `/api/blog/${post.id}/comments`, {
        body: comment({ content: `c${i}` }),
      });
      expect(res.status).toBe(201);
    }
    const before = contentSnapshot(s);
    const res = await s.api('POST', `/api/blog/${post.id}/comments`, { body: comment() });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/too many comments/i);
    expect(contentSnapshot(s)).toBe(before);
  });

  it(`allows ${REPORT_RATE_LIMIT.limit} reports per IP in the window, then answers 429`, async () => {
    const id = s.handle.store.all('comments')[0]!.id;
    await s.api('PUT', `/api/comments/${id}/approve`, { cookie });
    for (let i = 0; i < REPORT_RATE_LIMIT.limit; i++) {
      expect((await s.api('POST', `/api/comments/${id}/report`)).status).toBe(200);
    }
    const res = await s.api('POST', `/api/comments/${id}/report`);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/too many reports/i);
  });
});

describe('moderation queue', () => {
  let s: TestServer;
  let cookie: string;
  let first: BlogPost;
  let second: BlogPost;
  beforeAll(async () => {
    s = await startTestServer();
    cookie = await s.login();
    first = await createPost(s, cookie, { title: 'First post', published: true });
    second = await createPost(s, cookie, { title: 'Second post', published: true });
  });
  afterAll(() => s.close());

  const post = (postId: number, fields: Record<string, unknown>) =>
    s.api('POST', `/api/blog/${postId}/comments`, { body: comment(fields) });
  const queue = async () => (await s.api('GET', '/api/admin/comments/pending', { cookie })).body;

  it('is the owner’s only', async () => {
    expect((await s.api('GET', '/api/admin/comments/pending')).status).toBe(401);
    expect(
      (await s.api('POST', '/api/admin/comments/approve-author', { body: { email: EMAIL } })).status,
    ).toBe(401);
  });

  it('lists what waits across posts, newest first, with the post title, author, e-mail and text', async () => {
    await post(first.id, { author: 'Ann', email: 'ann@example.com', content: 'one' });
    await post(second.id, { author: 'Bob', email: 'bob@example.com', content: 'two' });
    await post(second.id, { author: 'Ann', email: 'ANN@example.com', content: 'three' });
    const list = await queue();
    expect(list.map((c: { content: string }) => c.content)).toEqual(['three', 'two', 'one']);
    expect(list[0]).toMatchObject({
      postId: second.id,
      postTitle: 'Second post',
      author: 'Ann',
      email: 'ann@example.com',
      isApproved: false,
    });
    // Approving one takes it off the queue and shows it to visitors.
    const bob = list[1];
    expect((await s.api('PUT', `/api/comments/${bob.id}/approve`, { cookie, body: {} })).status).toBe(200);
    expect((await queue()).map((c: { author: string }) => c.author)).toEqual(['Ann', 'Ann']);
    expect(
      (await s.api('GET', `/api/blog/${second.id}/comments`)).body.map((c: Comment) => c.content),
    ).toEqual(['two']);
  });

  it('approves every waiting comment of one author at once, counts included, and no one else’s', async () => {
    await post(first.id, { author: 'Cy', email: 'cy@example.com', content: 'four' });
    const res = await s.api('POST', '/api/admin/comments/approve-author', {
      cookie,
      body: { email: ' Ann@Example.com ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approved: 2 });
    expect((await queue()).map((c: { author: string }) => c.author)).toEqual(['Cy']);
    const posts = (await s.api('GET', '/api/admin/blog', { cookie })).body as BlogPost[];
    expect(posts.find((p) => p.id === first.id)?.commentCount).toBe(1);
    expect(posts.find((p) => p.id === second.id)?.commentCount).toBe(2);
    // Again: nothing left from that author, nothing changes.
    const again = await s.api('POST', '/api/admin/comments/approve-author', {
      cookie,
      body: { email: 'ann@example.com' },
    });
    expect(again.body).toEqual({ approved: 0 });
  });

  it('refuses a bad address with 400 and approves nothing', async () => {
    const before = contentSnapshot(s);
    const res = await s.api('POST', '/api/admin/comments/approve-author', { cookie, body: { email: 'cy' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^email: /);
    expect(contentSnapshot(s)).toBe(before);
  });
});
