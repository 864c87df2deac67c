// Post settings over real HTTP (both stores): scheduled publication on the job runner (a draft until its
// time, published once at it, also when the time passed while the server was down) and the slug rule (kept
// from publication on, old URLs redirect by id to the current one).
import type { BlogPost } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_AT_PAST, PUBLISH_AT_PUBLISHED } from '../src/services/blog-service.ts';
import { contentSnapshot, createPost, sleep } from './blog-fixtures.ts';
import { copyBuiltWebApp } from './built-web-app.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;

beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

async function publicIds(server: TestServer): Promise<number[]> {
  const res = await server.api<BlogPost[]>('GET', '/api/blog');
  return res.body.map((p) => p.id);
}

async function waitForPublished(server: TestServer, id: number, timeoutMs = 10_000): Promise<BlogPost> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.api<BlogPost>('GET', `/api/blog/${id}`);
    if (res.status === 200) return res.body;
    if (Date.now() > deadline) throw new Error(`post ${id} was not published in time`);
    await sleep(100);
  }
}

describe('scheduled publication', () => {
  it('refuses a time in the past, or a schedule on a published post, and changes nothing', async () => {
    const before = contentSnapshot(s);
    const past = await s.api('POST', '/api/admin/blog', {
      cookie,
      body: { title: 'Too late', publishAt: inMs(-60_000) },
    });
    expect(past).toMatchObject({ status: 400, body: { message: PUBLISH_AT_PAST } });
    const both = await s.api('POST', '/api/admin/blog', {
      cookie,
      body: { title: 'Both', published: true, publishAt: inMs(60_000) },
    });
    expect(both).toMatchObject({ status: 400, body: { message: PUBLISH_AT_PUBLISHED } });
    const bad = await s.api('POST', '/api/admin/blog', {
      cookie,
      body: { title: 'Bad', publishAt: 'tomorrow' },
    });
    expect(bad.status).toBe(400);
    expect(contentSnapshot(s)).toBe(before);
    expect(s.handle.store.all('jobs').filter((j) => j.kind === 'publish-post')).toHaveLength(0);
  });

  it('keeps the post a draft until its time, then publishes it once', async () => {
    const publishAt = inMs(1500);
    const post = await createPost(s, cookie, { title: 'Scheduled Post', publishAt });
    expect(post).toMatchObject({ published: false, publishedAt: null, publishAt });
    expect(await publicIds(s)).not.toContain(post.id);
    expect((await s.api('GET', `/api/blog/${post.id}`)).status).toBe(404);
    expect((await s.api('GET', '/rss.xml')).body).not.toContain('Scheduled Post');

    const live = await waitForPublished(s, post.id);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    expect(live).toMatchObject({ published: true, publishAt: null, slug: 'scheduled-post' });
    expect(await publicIds(s)).toContain(post.id);
    expect((await s.api('GET', '/rss.xml')).body).toContain('Scheduled Post');
    const jobs = s.handle.store.all('jobs').filter((j) => j.kind === 'publish-post');
    expect(jobs).toHaveLength(1);
    await s.handle.services.mail.jobs.idle();
    expect(s.handle.store.get('jobs', jobs[0]!.id)?.state).toBe('done');
  });

  it('a new time replaces the old one; publishing by hand ends the schedule', async () => {
    const post = await createPost(s, cookie, { title: 'Moved', publishAt: inMs(800) });
    const moved = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { publishAt: inMs(60_000) },
    });
    expect(moved.status).toBe(200);
    await sleep(1500);
    await s.handle.services.mail.jobs.idle();
    expect(s.handle.store.get('posts', post.id)?.published).toBe(false);

    const byHand = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { published: true },
    });
    expect(byHand.body).toMatchObject({ published: true, publishAt: null });
    const refused = await s.api('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { publishAt: inMs(60_000) },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: PUBLISH_AT_PUBLISHED } });
  });

  it('publishes at start a post whose time passed while the server was down', async () => {
    const post = await createPost(s, cookie, { title: 'Across a restart', publishAt: inMs(1200) });
    const dataDir = s.dataDir;
    const databaseUrl = s.config.databaseUrl;
    await s.close({ keepData: true });
    await sleep(1800);
    s = await startTestServer({ dataDir, databaseUrl });
    cookie = await s.login();
    const live = await waitForPublished(s, post.id, 5000);
    expect(live).toMatchObject({ published: true, publishAt: null });
    expect(await publicIds(s)).toContain(post.id);
  });

  it('a schedule made before a restart still publishes at its time after it', async () => {
    const post = await createPost(s, cookie, { title: 'Waits through a restart', publishAt: inMs(2500) });
    const dataDir = s.dataDir;
    const databaseUrl = s.config.databaseUrl;
    await s.close({ keepData: true });
    s = await startTestServer({ dataDir, databaseUrl });
    cookie = await s.login();
    expect(await publicIds(s)).not.toContain(post.id);
    expect((await waitForPublished(s, post.id)).published).toBe(true);
  });
});

describe('slug', () => {
  it('follows the title on a draft, and stays as published when the title changes', async () => {
    const draft = await createPost(s, cookie, { title: 'First Draft Title' });
    expect(draft.slug ?? null).toBeNull();
    await s.api('PUT', `/api/admin/blog/${draft.id}`, { cookie, body: { title: 'Second Title' } });
    const published = await s.api<BlogPost>('PUT', `/api/admin/blog/${draft.id}`, {
      cookie,
      body: { published: true },
    });
    expect(published.body.slug).toBe('second-title');
    const renamed = await s.api<BlogPost>('PUT', `/api/admin/blog/${draft.id}`, {
      cookie,
      body: { title: 'A Renamed Post' },
    });
    expect(renamed.body).toMatchObject({ title: 'A Renamed Post', slug: 'second-title' });
    expect((await s.api<BlogPost>('GET', `/api/blog/${draft.id}`)).body.slug).toBe('second-title');
  });

  it('a published post stored without a slug keeps its old title’s on the next edit', async () => {
    const post = await createPost(s, cookie, { title: 'Older Post', published: true });
    // As stored before slugs were kept.
    await s.handle.store.write((tx) => tx.update('posts', post.id, { slug: null }));
    const renamed = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { title: 'Newer Name' },
    });
    expect(renamed.body.slug).toBe('older-post');
  });

  it('takes the owner’s slug, an empty one takes the title’s again, and a bad one is refused', async () => {
    const post = await createPost(s, cookie, { title: 'Own Slug', published: true, slug: 'my-own-slug' });
    expect(post.slug).toBe('my-own-slug');
    const before = contentSnapshot(s);
    for (const slug of ['Has Spaces', 'UPPER', 'double--hyphen', '-edge', 'x'.repeat(101)]) {
      const res = await s.api('PUT', `/api/admin/blog/${post.id}`, { cookie, body: { slug } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^slug: /);
    }
    expect(contentSnapshot(s)).toBe(before);
    const reset = await s.api<BlogPost>('PUT', `/api/admin/blog/${post.id}`, {
      cookie,
      body: { title: 'Retitled', slug: '' },
    });
    expect(reset.body.slug).toBe('retitled');
  });
});

describe('old URLs', () => {
  let web: ReturnType<typeof copyBuiltWebApp>;
  let w: TestServer;

  beforeAll(async () => {
    web = copyBuiltWebApp('post-settings');
    w = await startTestServer({ webDistDir: web.webDistDir });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    web?.remove();
  });

  it('the old title’s slug redirects 301 to the kept one, which is the page', async () => {
    const owner = await w.login();
    const post = await createPost(w, owner, { title: 'Launch Day', published: true });
    await w.api('PUT', `/api/admin/blog/${post.id}`, {
      cookie: owner,
      body: { title: 'Launch Day, Revised' },
    });
    const current = await w.api('GET', `/blog/post/${post.id}/launch-day`);
    expect(current.status).toBe(200);
    expect(current.body).toContain('Launch Day, Revised');
    await w.api('PUT', `/api/admin/blog/${post.id}`, { cookie: owner, body: { slug: 'launch' } });
    for (const old of ['launch-day', 'launch-day-revised']) {
      const res = await w.api('GET', `/blog/post/${post.id}/${old}`);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/blog/post/${post.id}/launch`);
    }
    expect((await w.api('GET', `/blog/post/${post.id}/launch`)).status).toBe(200);
  });
});
