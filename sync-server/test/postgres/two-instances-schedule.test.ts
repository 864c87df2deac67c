// A scheduled post with two instances on one database: both runners find the due job at the same moment
// and both try it; the post is published exactly once (the claim, and the publication's own check that the
// post is still the draft scheduled for that time), and both instances' public answers show it. A post
// scheduled with the newsletter: one issue, every subscriber one copy.
import type { BlogPost } from '@private-notes/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadMailConfig } from '../../src/mail/mail-config.ts';
import type { BlogService } from '../../src/services/blog-service.ts';
import { createPost, sleep } from '../blog-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers.ts';
import { PUBLIC_URL, seedSubscribers, waitForSend } from '../mail-helpers.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp-test-server.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';

let databaseUrl = '';
let smtp: TestSmtpServer;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  databaseUrl = await createTestDatabase();
  const mail = {
    ...loadMailConfig({ PUBLIC_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }),
    retryDelaysMs: [40, 40, 40, 40],
  };
  a = await startTestServer({ databaseUrl, mail });
  b = await startTestServer({ databaseUrl, mail });
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await smtp?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

/** Counts the publications each instance actually made (the real method runs; only its answers are seen). */
function countPublications(blog: BlogService): { made: number } {
  const counter = { made: 0 };
  const original = blog.publishScheduled.bind(blog);
  blog.publishScheduled = async (...args) => {
    const published = await original(...args);
    if (published) counter.made++;
    return published;
  };
  return counter;
}

it('both instances run the job at its time; the post is published once and listed on both', async () => {
  const onA = countPublications(a.handle.services.blog);
  const onB = countPublications(b.handle.services.blog);
  const cookie = await a.login();
  // Neither runner may pick the job up before the other is ready: both stopped while it is queued, as after
  // a stop of both instances that outlasted the post's time.
  await a.handle.services.mail.jobs.stop();
  await b.handle.services.mail.jobs.stop();
  const publishAt = new Date(Date.now() + 1000).toISOString();
  const post = await createPost(a, cookie, { title: 'Scheduled on two', publishAt });
  await b.handle.store.refresh();
  const job = b.handle.store.lookup('jobs', 'key', `publish-post:${post.id}:${publishAt}`);
  expect(job?.state).toBe('queued');
  await sleep(Date.parse(publishAt) - Date.now() + 50);
  expect((await b.api('GET', `/api/blog/${post.id}`)).status).toBe(404);

  // The same moment: each runner finds the due job and runs it (and B is asked again and again).
  a.handle.services.mail.jobs.start();
  b.handle.services.mail.jobs.start();
  for (let i = 0; i < 10; i++) {
    b.handle.services.mail.jobs.wake(job!.id);
    a.handle.services.mail.jobs.wake(job!.id);
    await sleep(10);
  }
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await b.api<BlogPost[]>('GET', '/api/blog');
    if (res.body.some((p) => p.id === post.id)) break;
    if (Date.now() > deadline) throw new Error('not published on B in time');
    await sleep(100);
  }
  await a.handle.services.mail.jobs.idle();
  await b.handle.services.mail.jobs.idle();
  expect(onA.made + onB.made).toBe(1);
  expect((await a.api<BlogPost[]>('GET', '/api/blog')).body.map((p) => p.id)).toContain(post.id);
  await a.handle.store.refresh();
  expect(a.handle.store.get('jobs', job!.id)?.state).toBe('done');
}, 60_000);

it('a post scheduled with the newsletter, due on both at once: one issue, one copy for every subscriber', async () => {
  const READERS = 30;
  const cookie = await a.login();
  await seedSubscribers(a, READERS, 'sched');
  await a.handle.services.mail.jobs.stop();
  await b.handle.services.mail.jobs.stop();
  const publishAt = new Date(Date.now() + 1000).toISOString();
  const post = await createPost(a, cookie, { title: 'Issue on two', publishAt, sendNewsletter: true });
  await b.handle.store.refresh();
  const job = b.handle.store.lookup('jobs', 'key', `publish-post:${post.id}:${publishAt}`);
  await sleep(Date.parse(publishAt) - Date.now() + 50);

  a.handle.services.mail.jobs.start();
  b.handle.services.mail.jobs.start();
  for (let i = 0; i < 10; i++) {
    b.handle.services.mail.jobs.wake(job!.id);
    a.handle.services.mail.jobs.wake(job!.id);
    await sleep(10);
  }
  const total = a.handle.store.filter('subscribers', (r) => r.status === 'active').length;
  expect(await waitForSend(a, cookie, post.id, (x) => x.state === 'done', 60_000)).toMatchObject({
    sent: total,
    uncertain: 0,
  });
  await a.handle.services.mail.jobs.idle();
  await b.handle.services.mail.jobs.idle();
  await a.handle.store.refresh();
  expect(a.handle.store.filter('newsletterSends', (x) => x.postId === post.id)).toHaveLength(1);
  const copies = new Map<string, number>();
  for (const m of smtp.received) if (m.to.startsWith('sched')) copies.set(m.to, (copies.get(m.to) ?? 0) + 1);
  expect(copies.size).toBe(READERS);
  expect([...copies.values()].every((n) => n === 1)).toBe(true);
}, 90_000);
