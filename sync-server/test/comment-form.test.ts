// A post's comment form without JavaScript: a urlencoded POST to /comment puts the comment into moderation
// like POST /api/blog/:id/comments (pending, the owner's alert once), answering 303 to a page that says so
// and links back to the post; every bad input changes nothing and answers a page saying why, with the form
// filled back in; the honeypot stores nothing; both ways share one rate limit; another site is refused.
import { COMMENT_AUTHOR_MAX, COMMENT_CONTENT_MAX } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_RATE_LIMIT } from '../src/routes/comments.ts';
import { contentSnapshot } from './blog-fixtures.ts';
import type { TestServer } from './helpers.ts';
import { createPost, setOwnerEmail, startMailTestServer } from './mail-helpers.ts';

const FIELDS = {
  author: 'Form Person',
  email: 'Form.Person@Example.com',
  content: 'Posted without a script',
};

function postForm(s: TestServer, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${s.url}/comment`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function outbox(s: TestServer, cookie: string, kind: string) {
  const res = await s.api('GET', '/api/admin/mail/outbox', { cookie });
  return (res.body.messages as { kind: string; subject: string }[]).filter((m) => m.kind === kind);
}

describe('a comment sent by the form', () => {
  let s: TestServer;
  let cookie: string;
  let post: { id: number; title: string };
  beforeAll(async () => {
    s = await startMailTestServer();
    cookie = await s.login();
    post = await createPost(s, cookie, { title: 'Forms first' });
    await setOwnerEmail(s, cookie, 'owner@example.com', { emailNotifications: true });
  });
  afterAll(() => s.close());

  it('waits for moderation, alerts the owner once, and the answer page links back to the post', async () => {
    const res = await postForm(s, { postId: String(post.id), ...FIELDS, website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('location')).toBe(`/comment?post=${post.id}`);
    const stored = s.handle.store.all('comments');
    expect(stored).toEqual([
      expect.objectContaining({
        postId: post.id,
        author: 'Form Person',
        email: 'form.person@example.com',
        content: 'Posted without a script',
        isApproved: false,
      }),
    ]);
    // Not public until approved, and in the owner's queue.
    expect((await s.api('GET', `/api/blog/${post.id}/comments`)).body).toEqual([]);
    const queue = await s.api('GET', '/api/admin/comments/pending', { cookie });
    expect(queue.body.map((c: { author: string }) => c.author)).toEqual(['Form Person']);
    let alerts = await outbox(s, cookie, 'alert');
    for (let i = 0; i < 100 && alerts.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      alerts = await outbox(s, cookie, 'alert');
    }
    expect(alerts.map((m) => m.subject)).toEqual(['1 new comment waiting for moderation']);

    const page = await fetch(s.url + res.headers.get('location'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<title>Thank you for your comment! | Private Notes</title>');
    expect(html).toContain('It will appear once it has been reviewed.');
    expect(html).toContain(`href="/blog/post/${post.id}/forms-first#comments">Back to the post</a>`);
    expect(html).not.toContain('form.person@example.com');
  });

  it('the honeypot gets the same answer and nothing is stored', async () => {
    const before = contentSnapshot(s);
    const res = await postForm(s, { postId: String(post.id), ...FIELDS, website: 'https://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/comment?post=${post.id}`);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('a post from another site is refused; our own form post (Origin: null, same-origin) goes through', async () => {
    const before = contentSnapshot(s);
    const fields = { postId: String(post.id), ...FIELDS, content: 'Cross-site' };
    expect((await postForm(s, fields, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postForm(s, fields, { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(contentSnapshot(s)).toBe(before);
    const own = await postForm(s, fields, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(303);
    expect(s.handle.store.all('comments').map((c) => c.content)).toContain('Cross-site');
  });

  it('the thanks page of a post that is not there leads to the blog', async () => {
    for (const q of ['post=999', 'post=abc', '']) {
      const res = await fetch(`${s.url}/comment?${q}`, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/blog');
    }
  });
});

describe('a refused form', () => {
  let s: TestServer;
  let post: { id: number; title: string };
  let draft: { id: number; title: string };
  beforeAll(async () => {
    s = await startMailTestServer();
    const cookie = await s.login();
    post = await createPost(s, cookie, { title: 'Strict' });
    draft = await createPost(s, cookie, { title: 'Draft', published: false });
  });
  afterAll(() => s.close());

  it.each([
    ['no name', { author: '  ' }, 'Name is required'],
    ['no e-mail', { email: '' }, 'Email is required'],
    ['a bad e-mail', { email: 'not-an-address' }, 'Invalid email format'],
    ['no text', { content: '\n ' }, 'Comment text is required'],
    [
      'a long name',
      { author: 'n'.repeat(COMMENT_AUTHOR_MAX + 1) },
      `Name must be at most ${COMMENT_AUTHOR_MAX} characters`,
    ],
    [
      'a long comment',
      { content: 'é'.repeat(COMMENT_CONTENT_MAX + 1) },
      `Comment must be at most ${COMMENT_CONTENT_MAX} characters`,
    ],
  ])(
    '%s: 400, nothing stored, the reason beside the field and the form filled back in',
    async (_, bad, message) => {
      const before = contentSnapshot(s);
      const fields = { postId: String(post.id), ...FIELDS, content: 'Kept <text> & "quotes"', ...bad };
      const res = await postForm(s, fields);
      expect(res.status).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(contentSnapshot(s)).toBe(before);
      expect(html).toContain('<title>Error submitting comment | Private Notes</title>');
      expect(html).toContain(`role="alert">${message}</p>`);
      expect(html).toContain('<form method="post" action="/comment"');
      expect(html).toContain(`<input type="hidden" name="postId" value="${post.id}">`);
      // What was typed comes back, escaped.
      const escaped = (t: string) =>
        t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
      expect(html).toContain(`name="author" value="${escaped(fields.author)}"`);
      expect(html).toContain(`name="email" value="${escaped(fields.email)}"`);
      expect(html).toContain(`${escaped(fields.content)}</textarea>`);
      expect(html).toContain(`href="/blog/post/${post.id}/strict#comments">Back to the post</a>`);
    },
  );

  it('a draft, an unknown post or no post: 404, nothing stored', async () => {
    const before = contentSnapshot(s);
    for (const postId of [String(draft.id), '999', 'x', '']) {
      const res = await postForm(s, { postId, ...FIELDS });
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('role="alert">Blog post not found</p>');
      expect(html).toContain('href="/blog">Back to the blog</a>');
    }
    expect(contentSnapshot(s)).toBe(before);
  });
});

describe('the rate limit', () => {
  let s: TestServer;
  let post: { id: number; title: string };
  beforeAll(async () => {
    s = await startMailTestServer();
    post = await createPost(s, await s.login(), { title: 'Busy' });
  });
  afterAll(() => s.close());

  it('is the API’s: past it the form gets 429 with its text back, and nothing is stored', async () => {
    for (let i = 0; i < COMMENT_RATE_LIMIT.limit - 1; i++)
      expect(
        (
          await s.api('POST', `/api/blog/${post.id}/comments`, {
            body: { author: 'A', email: 'a@example.com', content: `api ${i}` },
          })
        ).status,
      ).toBe(201);
    expect((await postForm(s, { postId: String(post.id), ...FIELDS, content: 'last one' })).status).toBe(303);
    const before = contentSnapshot(s);
    const res = await postForm(s, { postId: String(post.id), ...FIELDS, content: 'one too many' });
    expect(res.status).toBe(429);
    const html = await res.text();
    expect(html).toContain('Too many comments from this address. Please try again later.');
    expect(html).toContain('one too many</textarea>');
    expect(contentSnapshot(s)).toBe(before);
    // And the API is past it too.
    expect(
      (await s.api('POST', `/api/blog/${post.id}/comments`, { body: { ...FIELDS, content: 'api' } })).status,
    ).toBe(429);
  });
});
