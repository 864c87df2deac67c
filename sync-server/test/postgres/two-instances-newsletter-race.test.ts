// The race the job claims exist for: two instances on one database are told to start the same newsletter
// send at the same moment (both job runners start with the send queued). The claim lets exactly one of them
// run it; without it both would list the recipients and hand them to SMTP, and readers would get two copies.
// (Checked: with storeJobClaim answering true for every job, this test fails with duplicate copies.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadMailConfig } from '../../src/mail/mail-config.ts';
import { startTestServer, type TestServer } from '../helpers.ts';
import { createPost, PUBLIC_URL, seedSubscribers, waitForSend } from '../mail-helpers.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp-test-server.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';

const RECIPIENTS = 40;
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

it('two instances starting the same send at the same moment: one runs it, every reader gets one copy', async () => {
  const cookie = await a.login();
  await seedSubscribers(a, RECIPIENTS, 'race');
  const post = await createPost(a, cookie, { title: 'Raced issue' });
  // Neither runner may pick the send up before the other is ready: both stopped while it is queued.
  await a.handle.services.mail.jobs.stop();
  await b.handle.services.mail.jobs.stop();
  const started = await a.api('POST', `/api/admin/blog/${post.id}/newsletter`, {
    cookie,
    body: { recipients: RECIPIENTS },
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
    sent: RECIPIENTS,
    uncertain: 0,
  });
  await a.handle.services.mail.jobs.idle();
  await b.handle.services.mail.jobs.idle();
  await a.handle.store.refresh();
  const listed = a.handle.store.filter('newsletterRecipients', (r) => r.sendId === send!.id);
  expect(listed).toHaveLength(RECIPIENTS);
  const copies = new Map<string, number>();
  for (const m of smtp.received) copies.set(m.to, (copies.get(m.to) ?? 0) + 1);
  expect(copies.size).toBe(RECIPIENTS);
  expect([...copies.entries()].filter(([, n]) => n !== 1)).toEqual([]);
}, 120_000);
