// One newsletter send shared by two instances on one database: the send is claimed by one of them, the
// other's attempts to run the same job find the claim taken, and every subscriber gets exactly one copy.
// Then the race the job claims exist for: both instances told to start the same send at the same moment (both
// job runners start with it queued). The claim lets exactly one run it; without it both list the recipients
// and hand them to SMTP (checked: with storeJobClaim answering true for every job, 80 copies go to 40 readers).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadMailConfig } from '../../src/mail/mail-config.ts';
import { startTestServer, type TestServer } from '../helpers.ts';
import { createPost, PUBLIC_URL, seedSubscribers, waitForSend } from '../mail-helpers.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp-test-server.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';

const RECIPIENTS = 60;
const RACERS = 40;
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

it('a send started on one instance and woken on both reaches every subscriber exactly once', async () => {
  const cookie = await a.login();
  await seedSubscribers(a, RECIPIENTS);
  const post = await createPost(a, cookie, { title: 'Shared issue' });
  const started = await a.api('POST', `/api/admin/blog/${post.id}/newsletter`, {
    cookie,
    body: { recipients: RECIPIENTS },
  });
  expect(started.status).toBe(202);

  // B learns of the send through the database and is asked, again and again, to run the same job.
  await b.handle.store.refresh();
  const send = b.handle.store.lookup('newsletterSends', 'postId', String(post.id));
  expect(send).toBeDefined();
  for (let i = 0; i < 20; i++) {
    b.handle.services.mail.jobs.wake(send!.jobId);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }

  expect(await waitForSend(a, cookie, post.id, undefined, 60_000)).toMatchObject({
    state: 'done',
    sent: RECIPIENTS,
    uncertain: 0,
  });
  await b.handle.services.mail.jobs.idle();
  await a.handle.services.mail.jobs.idle();
  const copies = new Map<string, number>();
  for (const m of smtp.received) copies.set(m.to, (copies.get(m.to) ?? 0) + 1);
  expect(copies.size).toBe(RECIPIENTS);
  expect([...copies.values()].every((n) => n === 1)).toBe(true);
}, 120_000);

it('two instances starting the same send at the same moment: one runs it, every reader gets one copy', async () => {
  const cookie = await a.login();
  await seedSubscribers(a, RACERS, 'race');
  const active = a.handle.store.filter('subscribers', (r) => r.status === 'active').length;
  const before = smtp.received.length;
  const post = await createPost(a, cookie, { title: 'Raced issue' });
  // Neither runner may pick the send up before the other is ready: both stopped while it is queued.
  await a.handle.services.mail.jobs.stop();
  await b.handle.services.mail.jobs.stop();
  const started = await a.api('POST', `/api/admin/blog/${post.id}/newsletter`, {
    cookie,
    body: { recipients: active },
  });
  expect(started.status).toBe(202);
  await b.handle.store.refresh();
  const send = b.handle.store.lookup('newsletterSends', 'postId', String(post.id));
  expect(b.handle.store.get('jobs', send!.jobId)?.state).toBe('queued');

  // The same moment: each runner finds the queued job and tries to run it.
  a.handle.services.mail.jobs.start();
  b.handle.services.mail.jobs.start();

  expect(await waitForSend(a, cookie, post.id, undefined, 60_000)).toMatchObject({
    state: 'done',
    sent: active,
    uncertain: 0,
  });
  await a.handle.services.mail.jobs.idle();
  await b.handle.services.mail.jobs.idle();
  await a.handle.store.refresh();
  const listed = a.handle.store.filter('newsletterRecipients', (r) => r.sendId === send!.id);
  expect(listed).toHaveLength(active);
  const copies = new Map<string, number>();
  for (const m of smtp.received.slice(before)) copies.set(m.to, (copies.get(m.to) ?? 0) + 1);
  expect(copies.size).toBe(active);
  expect([...copies.entries()].filter(([, n]) => n !== 1)).toEqual([]);
}, 120_000);
