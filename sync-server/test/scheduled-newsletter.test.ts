// A post scheduled with "send the newsletter" (both stores): refused without a time or once the post went
// out; at its time it is published and its issue reaches every subscriber exactly once, also when the
// server was SIGKILLed between scheduling and the time (the real server as a child process).
import { rm } from 'node:fs/promises';
import type { BlogPost } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMailConfig } from '../src/mail/mail-config.ts';
import { ALREADY_SENT, SEND_NEWSLETTER_UNSCHEDULED } from '../src/services/blog-service.ts';
import { openStore } from '../src/storage/open-store.ts';
import { contentSnapshot, sleep } from './blog-fixtures.ts';
import { makeTempDir, OWNER_PASSWORD, startTestServer, type TestServer } from './helpers.ts';
import { createPost, PUBLIC_URL, seedSubscribers, waitForSend } from './mail-helpers.ts';
import { startServerProcess } from './server-process.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';
import { createTestDatabase, dropTestDatabase, TEST_STORE } from './test-database.ts';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Messages received per address. */
function copiesByAddress(smtp: TestSmtpServer, from = 0): Map<string, number> {
  const copies = new Map<string, number>();
  for (const m of smtp.received.slice(from)) copies.set(m.to, (copies.get(m.to) ?? 0) + 1);
  return copies;
}

describe('in one process', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const mail = {
      ...loadMailConfig({ PUBLIC_URL, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }),
      retryDelaysMs: [40, 40, 40, 40],
    };
    s = await startTestServer({ mail });
    cookie = await s.login();
    await seedSubscribers(s, 12);
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('refuses the newsletter without a publication time, or for a post already sent, and changes nothing', async () => {
    const before = contentSnapshot(s);
    const unscheduled = await s.api('POST', '/api/admin/blog', {
      cookie,
      body: { title: 'No time', sendNewsletter: true },
    });
    expect(unscheduled).toMatchObject({ status: 400, body: { message: SEND_NEWSLETTER_UNSCHEDULED } });
    expect(contentSnapshot(s)).toBe(before);

    // A post that already went out, unpublished and scheduled again with the newsletter: refused.
    const sent = await createPost(s, cookie, { title: 'Sent once' });
    const started = await s.api('POST', `/api/admin/blog/${sent.id}/newsletter`, {
      cookie,
      body: { recipients: 12 },
    });
    expect(started.status).toBe(202);
    await waitForSend(s, cookie, sent.id);
    await s.api('PUT', `/api/admin/blog/${sent.id}`, { cookie, body: { published: false } });
    const again = await s.api('PUT', `/api/admin/blog/${sent.id}`, {
      cookie,
      body: { publishAt: inMs(60_000), sendNewsletter: true },
    });
    expect(again).toMatchObject({ status: 409, body: { message: ALREADY_SENT } });
    const stored = s.handle.store.get('posts', sent.id);
    expect(stored).toMatchObject({ published: false });
    expect(stored?.publishAt ?? null).toBeNull();
    expect(stored?.sendNewsletter ?? false).toBe(false);
  });

  it('publishes at its time and sends the issue once; unscheduling drops the newsletter with the time', async () => {
    const from = smtp.received.length;
    const publishAt = inMs(1500);
    const post = await createPost(s, cookie, {
      title: 'Scheduled issue',
      published: false,
      publishAt,
      sendNewsletter: true,
    });
    const draft = await s.api<BlogPost[]>('GET', '/api/admin/blog', { cookie });
    expect(draft.body.find((p) => p.id === post.id)).toMatchObject({
      published: false,
      publishAt,
      sendNewsletter: true,
    });
    expect(s.handle.store.lookup('newsletterSends', 'postId', String(post.id))).toBeUndefined();

    const send = await waitForSend(s, cookie, post.id, (x) => x.state === 'done', 20_000);
    expect(send).toMatchObject({ sent: 12, failed: 0, uncertain: 0 });
    const published = await s.api<BlogPost>('GET', `/api/blog/${post.id}`);
    expect(published.body).toMatchObject({ published: true, publishAt: null });
    expect(published.body).not.toHaveProperty('sendNewsletter');
    expect(published.body).not.toHaveProperty('newsletterUrl');
    const copies = copiesByAddress(smtp, from);
    expect(copies.size).toBe(12);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    // The links use the address fixed when it was scheduled.
    expect(smtp.received[from]!.raw).toContain(`List-Unsubscribe: <${PUBLIC_URL}/api/unsubscribe/one-click`);

    // Clearing the time clears the newsletter with it: nothing goes out later.
    const other = await createPost(s, cookie, {
      title: 'Unscheduled',
      published: false,
      publishAt: inMs(60_000),
      sendNewsletter: true,
    });
    const cleared = await s.api<BlogPost>('PUT', `/api/admin/blog/${other.id}`, {
      cookie,
      body: { publishAt: null },
    });
    expect(cleared.body).toMatchObject({ publishAt: null });
    expect(cleared.body).not.toHaveProperty('sendNewsletter');
  });
});

describe('across a SIGKILL', () => {
  let dataDir = '';
  let databaseUrl: string | null = null;
  let smtp: TestSmtpServer;

  afterAll(async () => {
    await smtp?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a post scheduled with the newsletter, the server killed before its time: published and sent once after the restart', {
    timeout: 120_000,
  }, async () => {
    const READERS = 25;
    dataDir = await makeTempDir('pn-scheduled-issue-');
    databaseUrl = TEST_STORE === 'postgres' ? await createTestDatabase() : null;
    const seed = await openStore({
      dataDir,
      databaseUrl,
      compactThresholdBytes: 1 << 30,
      logRequests: false,
    });
    const at = new Date().toISOString();
    await seed.write((tx) => {
      for (let i = 1; i <= READERS; i++)
        tx.insert('subscribers', {
          email: `kill${i}@example.com`,
          name: null,
          interests: [],
          active: true,
          status: 'active',
          subscribedAt: at,
          confirmedAt: at,
        });
    });
    await seed.close();

    smtp = await startSmtpServer();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      OWNER_PASSWORD,
      PUBLIC_URL,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      BACKUP_INTERVAL_HOURS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const api = async (url: string, method: string, path: string, cookie: string, body?: unknown) => {
      const res = await fetch(url + path, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the test reads answers field by field
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };
    const signIn = async (url: string) => {
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD }),
      });
      return res.headers.getSetCookie()[0]!.split(';')[0]!;
    };

    const first = await startServerProcess(env);
    const publishAt = inMs(4000);
    const created = await api(first.url, 'POST', '/api/admin/blog', await signIn(first.url), {
      title: 'Through a crash',
      content: 'Hello readers.',
      publishAt,
      sendNewsletter: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    first.child.kill('SIGKILL');
    await first.exited;
    await sleep(Math.max(0, Date.parse(publishAt) - Date.now()) + 300);
    expect(smtp.received).toHaveLength(0);

    const second = await startServerProcess(env);
    try {
      const cookie = await signIn(second.url);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const send = await api(second.url, 'GET', `/api/admin/blog/${id}/newsletter`, cookie);
        if (send.body?.state === 'done') {
          expect(send.body).toMatchObject({ sent: READERS, uncertain: 0 });
          break;
        }
        if (Date.now() > deadline) throw new Error(`send not done: ${JSON.stringify(send.body)}`);
        await sleep(100);
      }
      expect((await api(second.url, 'GET', `/api/blog/${id}`, '')).body).toMatchObject({ published: true });
    } finally {
      second.child.kill('SIGKILL');
      await second.exited;
    }
    // A third start finds nothing left to do: still one copy each.
    const third = await startServerProcess(env);
    await sleep(1500);
    third.child.kill('SIGTERM');
    await third.exited;
    const copies = copiesByAddress(smtp);
    expect(copies.size).toBe(READERS);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
  });
});
