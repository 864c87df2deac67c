// Sending a post as a newsletter issue to a real loopback SMTP server: the preview, one message per
// recipient with both parts, absolute URLs, List-* headers and a working unsubscribe token; the post's
// `newsletter` field; refusals; and faults injected by the server (451 then success, 421, 550 → bounced,
// a connection cut during DATA → uncertain, then retried on request; failed authentication → paused).
import { rm } from 'node:fs/promises';
import type { NewsletterSend } from '@private-notes/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_JOB } from '../src/mail/newsletter-service.ts';
import type { TestServer } from './helpers.ts';
import {
  createPost,
  PUBLIC_URL,
  seedSubscribers,
  setOwnerEmail,
  startMailTestServer,
  waitForSend,
} from './mail-helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';

describe('newsletter issue', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startMailTestServer({ smtp });
    cookie = await s.login();
    await seedSubscribers(s, 3);
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('previews the issue as subscribers will see it, with the recipient count', async () => {
    const post = await createPost(s, cookie);
    const res = await s.api('GET', `/api/admin/blog/${post.id}/newsletter/preview`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subject: post.title, recipients: 3 });
    expect(res.body.html).toContain('src="https://cdn.example/diagram.png"');
    expect(res.body.html).toContain(`href="${PUBLIC_URL}/blog/tags/memory"`);
    expect(res.body.text).toContain('Unsubscribe');
    expect(await s.api('GET', '/api/admin/blog/999/newsletter/preview', { cookie })).toMatchObject({
      status: 404,
    });
  });

  it('sends a test to the owner only (400 without an owner address)', async () => {
    const post = await createPost(s, cookie, { title: 'Test me' });
    const missing = await s.api('POST', `/api/admin/blog/${post.id}/newsletter/test`, { cookie });
    expect(missing.status).toBe(400);
    await setOwnerEmail(s, cookie, 'owner@example.com');
    const before = smtp.received.length;
    const res = await s.api('POST', `/api/admin/blog/${post.id}/newsletter/test`, { cookie });
    expect(res).toMatchObject({ status: 200, body: { message: 'Test sent to owner@example.com' } });
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual(['owner@example.com']);
    expect((await smtp.parsed(before)).subject).toBe('[Test] Test me');
  });

  it('puts the site title into List-Id as one quoted or encoded phrase: a CR LF in it adds no header', async () => {
    await setOwnerEmail(s, cookie, 'owner@example.com');
    const site = (await s.api('GET', '/api/admin/site', { cookie })).body;
    const listIdOf = (head: string) => [...head.matchAll(/^List-Id: (.*)$/gim)].map((m) => m[1]);
    try {
      for (const [title, expected] of [
        [
          'Evil\r\nBcc: victim@example.net\r\nX-Injected: "yes" \\',
          '"Evil Bcc: victim@example.net X-Injected: \\"yes\\" \\\\"',
        ],
        ['Café ☕', '=?UTF-8?B?Q2Fmw6kg4piV?='],
      ] as const) {
        const saved = await s.api('PUT', '/api/admin/site', { cookie, body: { ...site, title } });
        expect(saved.status).toBe(200);
        const post = await createPost(s, cookie, { title: `Header ${title.length}` });
        const before = smtp.received.length;
        const res = await s.api('POST', `/api/admin/blog/${post.id}/newsletter/test`, { cookie });
        expect(res.status).toBe(200);
        const raw = smtp.received[before]!.raw;
        const head = raw.split('\r\n\r\n')[0]!;
        expect(head).not.toMatch(/^(Bcc|X-Injected):/im);
        expect(listIdOf(head)).toEqual([`${expected} <newsletter.blog.example>`]);
        expect((await smtp.parsed(before)).headers.get('bcc')).toBeUndefined();
      }
    } finally {
      await s.api('PUT', '/api/admin/site', { cookie, body: site });
    }
  });

  it('sends one message per active subscriber, with both parts, List-* headers and working links', async () => {
    const post = await createPost(s, cookie, { title: 'Issue one' });
    const before = smtp.received.length;
    const res = await s.api('POST', `/api/admin/blog/${post.id}/newsletter`, {
      cookie,
      body: { recipients: 3 },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ postId: post.id, total: 3, state: 'sending' });
    const done = await waitForSend(s, cookie, post.id);
    expect(done).toMatchObject({ state: 'done', total: 3, sent: 3, failed: 0, uncertain: 0, left: 0 });
    const mine = smtp.received.slice(before);
    expect(mine.map((m) => m.to).sort()).toEqual([
      'reader1@example.com',
      'reader2@example.com',
      'reader3@example.com',
    ]);

    const mail = await smtp.parsed(before);
    expect(mail.subject).toBe('Issue one');
    expect(mail.html).toContain('src="https://cdn.example/diagram.png"');
    expect(mail.html).not.toContain('<style');
    expect(mail.text).toContain('Hello readers');
    const header = (name: string) =>
      mail.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, ' ');
    expect(header('list-id')).toBe('"Private Notes" <newsletter.blog.example>');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = /^<(.+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(listUnsubscribe).toMatch(
      // {subscriber}.{the day it was sent}.{signature}: links expire a year after their mail.
      new RegExp(
        `^https://blog\\.example/api/unsubscribe/one-click\\?token=\\d+\\.${Math.floor(Date.now() / 86_400_000)}\\.[A-Za-z0-9_-]{32}$`,
      ),
    );
    const token = new URL(listUnsubscribe).searchParams.get('token')!;
    expect(mail.html).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}`);
    // No tracking: every link in the mail points at the site itself.
    for (const [, href] of String(mail.html).matchAll(/href="([^"]+)"/g))
      expect(href?.startsWith(PUBLIC_URL)).toBe(true);

    // The token of the List-Unsubscribe header unsubscribes exactly that recipient, with no cookie.
    const oneClick = await fetch(`${s.url}/api/unsubscribe/one-click?token=${token}`, { method: 'POST' });
    expect(oneClick.status).toBe(200);
    const subscriber = s.handle.store.lookup('subscribers', 'email', mine[0]!.to);
    expect(subscriber?.status).toBe('unsubscribed');
    await s.api('PUT', `/api/admin/subscribers/${subscriber!.id}`, { cookie, body: { active: true } });

    const card = await s.api('GET', '/api/admin/blog', { cookie });
    expect(card.body.find((p: { id: number }) => p.id === post.id).newsletter).toEqual({
      sendId: done.id,
      recipients: 3,
      sentAt: done.finishedAt,
    });
    // Visitors never learn how many subscribers there are.
    const publicList = await s.api('GET', '/api/blog');
    expect(publicList.body.find((p: { id: number }) => p.id === post.id)).not.toHaveProperty('newsletter');
    expect((await s.api('GET', `/api/blog/${post.id}`)).body).not.toHaveProperty('newsletter');
  });

  it('refuses a second send, a draft, and a recipient count that no longer matches, changing nothing', async () => {
    const sent = (await s.api('GET', '/api/admin/blog', { cookie })).body.find(
      (p: { title: string }) => p.title === 'Issue one',
    );
    const again = await s.api('POST', `/api/admin/blog/${sent.id}/newsletter`, {
      cookie,
      body: { recipients: 3 },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This post has already been sent as a newsletter' },
    });
    const draft = await createPost(s, cookie, { title: 'Draft', published: false });
    const draftSend = await s.api('POST', `/api/admin/blog/${draft.id}/newsletter`, {
      cookie,
      body: { recipients: 3 },
    });
    expect(draftSend.status).toBe(409);
    const wrong = await s.api('POST', `/api/admin/blog/${draft.id}/publish-and-send`, {
      cookie,
      body: { recipients: 2 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^recipients: the post would now go to 3 subscribers, not 2/);
    expect(s.handle.store.get('posts', draft.id)?.published).toBe(false);
    const bad = await s.api('POST', `/api/admin/blog/${draft.id}/newsletter`, {
      cookie,
      body: { recipients: 'all' },
    });
    expect(bad.status).toBe(400);
    expect(await s.api('GET', `/api/admin/blog/${draft.id}/newsletter`, { cookie })).toMatchObject({
      status: 200,
      body: null,
    });
    expect((await s.api('GET', `/api/admin/blog/${draft.id}/newsletter`)).status).toBe(401);
  });

  it('publish and send publishes a draft and sends it', async () => {
    const draft = await createPost(s, cookie, { title: 'Draft two', published: false });
    const res = await s.api('POST', `/api/admin/blog/${draft.id}/publish-and-send`, {
      cookie,
      body: { recipients: 3 },
    });
    expect(res.status).toBe(202);
    expect(s.handle.store.get('posts', draft.id)?.published).toBe(true);
    expect(await waitForSend(s, cookie, draft.id)).toMatchObject({ state: 'done', sent: 3 });
  });
});

describe('newsletter faults injected by the SMTP server', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startMailTestServer({ smtp });
    cookie = await s.login();
  });
  afterEach(() => {
    smtp.fault = () => null;
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  async function sendTo(prefix: string, count: number): Promise<{ postId: number; send: NewsletterSend }> {
    await s.handle.store.write((tx) => {
      for (const sub of tx.all('subscribers'))
        if (sub.status === 'active')
          tx.update('subscribers', sub.id, { status: 'unsubscribed', active: false });
    });
    await seedSubscribers(s, count, prefix);
    const post = await createPost(s, cookie, { title: `For ${prefix}` });
    const res = await s.api('POST', `/api/admin/blog/${post.id}/newsletter`, {
      cookie,
      body: { recipients: count },
    });
    expect(res.status).toBe(202);
    return { postId: post.id, send: res.body };
  }

  it('451 then success, and 421, are retried after the backoff; each recipient gets one copy', async () => {
    smtp.fault = (to, attempt) => {
      if (to === 'grey1@example.com' && attempt === 1) return { code: 451, message: 'Greylisted, try later' };
      if (to === 'grey2@example.com' && attempt <= 2) return { code: 421, message: 'Too busy' };
      return null;
    };
    const { postId } = await sendTo('grey', 3);
    const done = await waitForSend(s, cookie, postId);
    expect(done).toMatchObject({ state: 'done', sent: 3, failed: 0, uncertain: 0 });
    const got = smtp.received
      .filter((m) => m.to.startsWith('grey'))
      .map((m) => m.to)
      .sort();
    expect(got).toEqual(['grey1@example.com', 'grey2@example.com', 'grey3@example.com']);
    expect(smtp.attempts.get('grey2@example.com')).toBe(3);
  });

  it('a temporary failure that never clears fails after 5 tries', async () => {
    smtp.fault = (to) => (to === 'stuck1@example.com' ? { code: 450, message: 'Mailbox busy' } : null);
    const { postId } = await sendTo('stuck', 2);
    const done = await waitForSend(s, cookie, postId);
    expect(done).toMatchObject({ state: 'done', sent: 1, failed: 1 });
    expect(smtp.attempts.get('stuck1@example.com')).toBe(5);
    expect(s.handle.store.lookup('subscribers', 'email', 'stuck1@example.com')?.status).toBe('active');
  });

  it('550 fails the recipient at once and marks the address bounced', async () => {
    smtp.fault = (to) => (to === 'gone1@example.com' ? { code: 550, message: 'No such user' } : null);
    const { postId } = await sendTo('gone', 2);
    const done = await waitForSend(s, cookie, postId);
    expect(done).toMatchObject({ state: 'done', sent: 1, failed: 1 });
    expect(smtp.attempts.get('gone1@example.com')).toBe(1);
    const subscriber = s.handle.store.lookup('subscribers', 'email', 'gone1@example.com');
    expect(subscriber).toMatchObject({ status: 'bounced', active: false });
    expect(subscriber?.bounceReason).toMatch(/550/);
  });

  it('a connection cut during DATA leaves the recipient uncertain; retry-uncertain sends it again', async () => {
    smtp.fault = (to, attempt) => (to === 'cut1@example.com' && attempt === 1 ? 'cut' : null);
    const { postId } = await sendTo('cut', 3);
    const done = await waitForSend(s, cookie, postId);
    expect(done).toMatchObject({ state: 'done', sent: 2, uncertain: 1, left: 0 });
    expect(smtp.received.filter((m) => m.to === 'cut1@example.com')).toHaveLength(0);
    expect(smtp.attempts.get('cut1@example.com')).toBe(1);
    const retried = await s.api('POST', `/api/admin/blog/${postId}/newsletter/retry-uncertain`, { cookie });
    expect(retried.status).toBe(200);
    expect(
      await waitForSend(s, cookie, postId, (x) => x.state === 'done' && x.uncertain === 0),
    ).toMatchObject({
      sent: 3,
      uncertain: 0,
    });
    expect(smtp.received.filter((m) => m.to === 'cut1@example.com')).toHaveLength(1);
    const none = await s.api('POST', `/api/admin/blog/${postId}/newsletter/retry-uncertain`, { cookie });
    expect(none.status).toBe(409);
  });
});

describe('newsletter authentication failure', () => {
  it('pauses with the reason, and resumes once the server accepts', async () => {
    const smtp = await startSmtpServer();
    smtp.rejectAuth = true;
    const s = await startMailTestServer({ smtp, env: { SMTP_USER: 'blog', SMTP_PASSWORD: 'wrong' } });
    try {
      const cookie = await s.login();
      await seedSubscribers(s, 2);
      const post = await createPost(s, cookie);
      await s.api('POST', `/api/admin/blog/${post.id}/newsletter`, { cookie, body: { recipients: 2 } });
      const paused = await waitForSend(s, cookie, post.id);
      expect(paused).toMatchObject({ state: 'paused', sent: 0, left: 2 });
      expect(paused.pausedReason).toMatch(/^SMTP authentication failed: .*535/);
      const verify = await s.api('POST', '/api/admin/mail/verify', { cookie });
      expect(verify.status).toBe(502);

      smtp.rejectAuth = false;
      const resumed = await s.api('POST', `/api/admin/blog/${post.id}/newsletter/resume`, { cookie });
      expect(resumed.status).toBe(200);
      expect(await waitForSend(s, cookie, post.id)).toMatchObject({ state: 'done', sent: 2 });
      expect(smtp.received).toHaveLength(2);
      expect(await s.api('POST', '/api/admin/mail/verify', { cookie })).toMatchObject({
        status: 200,
        body: { message: `Connected to 127.0.0.1:${smtp.port}` },
      });
    } finally {
      await s.close();
      await smtp.close();
    }
  });
});

describe('newsletter preparation after a crash', () => {
  it('a send cut short while fixing its list completes the list and sends each recipient once', async () => {
    const smtp = await startSmtpServer();
    let s = await startMailTestServer({ smtp });
    const dataDir = s.dataDir;
    try {
      const cookie = await s.login();
      await seedSubscribers(s, 5);
      const post = await createPost(s, cookie, { title: 'Half prepared' });
      // As a crash would leave it: the send and its running job, two of five recipients listed.
      const at = new Date().toISOString();
      await s.handle.store.write((tx) => {
        const job = tx.insert('jobs', {
          kind: NEWSLETTER_JOB,
          key: `newsletter:${post.id}`,
          state: 'running',
          payload: { sendId: 1 },
          runAt: null,
          pausedReason: null,
          error: null,
          createdAt: at,
          updatedAt: at,
          finishedAt: null,
        });
        tx.insert('newsletterSends', {
          id: 1,
          postId: post.id,
          jobId: job.id,
          publicUrl: PUBLIC_URL,
          prepared: false,
          total: 5,
          sent: 0,
          failed: 0,
          skipped: 0,
          uncertain: 0,
          startedAt: at,
          finishedAt: null,
        });
        for (const sub of tx.all('subscribers').slice(0, 2))
          tx.insert('newsletterRecipients', {
            sendId: 1,
            subscriberId: sub.id,
            email: sub.email,
            state: 'pending',
            tries: 0,
            nextAttemptAt: null,
            error: null,
            updatedAt: at,
          });
      });
      await s.close({ keepData: true });
      s = await startMailTestServer({ smtp, dataDir });
      const done = await waitForSend(s, await s.login(), post.id);
      expect(done).toMatchObject({ state: 'done', total: 5, sent: 5 });
      expect(smtp.received.map((m) => m.to).sort()).toEqual(
        [1, 2, 3, 4, 5].map((i) => `reader${i}@example.com`),
      );
      expect(s.handle.store.all('newsletterRecipients')).toHaveLength(5);
    } finally {
      await s.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
