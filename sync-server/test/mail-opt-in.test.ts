// Double opt-in over real HTTP and a real loopback SMTP server: the confirmation mail (both parts, a valid
// link), one neutral answer for every case, repeats within 10 minutes, expired and reused tokens, a GET of
// the link that changes nothing, and unsubscribe by token and by RFC 8058 one-click with no cookie.
import { CONFIRM_INVALID_MESSAGE, CONFIRMED_MESSAGE, SUBSCRIBE_MESSAGE } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTokenKey, signUnsubscribeToken } from '../src/mail/mail-tokens.ts';
import type { TestServer } from './helpers.ts';
import { PUBLIC_URL, startMailTestServer } from './mail-helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';

describe('double opt-in', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startMailTestServer({ smtp });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  const subscriber = (email: string) => s.handle.store.lookup('subscribers', 'email', email);
  const subscribe = (email: string) => s.api('POST', '/api/subscribe', { body: { email } });
  const settle = () => new Promise((r) => setTimeout(r, 300));

  async function tokenFromMail(index: number): Promise<string> {
    const mail = await smtp.parsed(index);
    const match = /\/subscribe\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(match).not.toBeNull();
    expect(mail.html).toContain(`${PUBLIC_URL}/subscribe/confirm?token=${match![1]}`);
    return match![1]!;
  }

  /** Moves the address's earlier mails `minutes` into the past, as if that time had gone by. */
  async function ageMails(email: string, minutes: number): Promise<void> {
    const earlier = (at: string | null | undefined) =>
      at ? new Date(Date.parse(at) - minutes * 60_000).toISOString() : at;
    await s.handle.store.write((tx) => {
      const r = tx.lookup('subscribers', 'email', email)!;
      tx.update('subscribers', r.id, {
        confirmSentAt: earlier(r.confirmSentAt),
        noticeSentAt: earlier(r.noticeSentAt),
        mailsSentAt: (r.mailsSentAt ?? []).map((at) => earlier(at) as string),
      });
    });
  }

  it('a new address is pending and gets a confirmation mail with HTML and text parts', async () => {
    const res = await subscribe('New@Example.com');
    expect(res).toMatchObject({ status: 200, body: { message: SUBSCRIBE_MESSAGE } });
    await smtp.waitFor(1);
    expect(subscriber('new@example.com')).toMatchObject({ status: 'pending', active: false });
    const mail = await smtp.parsed(0);
    expect(smtp.received[0]!.to).toBe('new@example.com');
    expect(mail.subject).toBe('Confirm your subscription to Private Notes');
    expect(mail.html).toMatch(/style="[^"]+"/); // CSS inlined
    expect(mail.html).not.toContain('<style');
    expect(mail.text).toContain('Confirm your subscription');
    // Only the hash is stored.
    const token = await tokenFromMail(0);
    expect(JSON.stringify(subscriber('new@example.com'))).not.toContain(token);
  });

  it('the GET of the confirmation page changes nothing; the POST confirms; a second use is harmless', async () => {
    const token = await tokenFromMail(0);
    await s.api('GET', `/subscribe/confirm?token=${token}`);
    expect(subscriber('new@example.com')?.status).toBe('pending');
    const first = await s.api('POST', '/api/subscribe/confirm', { body: { token } });
    expect(first).toMatchObject({ status: 200, body: { message: CONFIRMED_MESSAGE } });
    expect(subscriber('new@example.com')).toMatchObject({ status: 'active', active: true });
    const again = await s.api('POST', '/api/subscribe/confirm', { body: { token } });
    expect(again).toMatchObject({ status: 200, body: { message: CONFIRMED_MESSAGE } });
  });

  it('every case answers the same text; active sends nothing, pending resends at most every 10 minutes', async () => {
    const before = smtp.received.length;
    const active = await subscribe('new@example.com');
    const fresh = await subscribe('second@example.com');
    const repeat = await subscribe('second@example.com');
    for (const res of [active, fresh, repeat])
      expect(res).toMatchObject({ status: 200, body: { message: SUBSCRIBE_MESSAGE } });
    await smtp.waitFor(before + 1);
    await settle();
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual(['second@example.com']);

    // Eleven minutes later a repeat sends a new link, and the old one stops working.
    const oldToken = await tokenFromMail(before);
    await ageMails('second@example.com', 11);
    await subscribe('second@example.com');
    await smtp.waitFor(before + 2);
    const newToken = await tokenFromMail(before + 1);
    expect(newToken).not.toBe(oldToken);
    expect((await s.api('POST', '/api/subscribe/confirm', { body: { token: oldToken } })).status).toBe(400);
    expect((await s.api('POST', '/api/subscribe/confirm', { body: { token: newToken } })).status).toBe(200);
  });

  it('an expired token is refused with the contract text and changes nothing', async () => {
    const before = smtp.received.length;
    await subscribe('late@example.com');
    await smtp.waitFor(before + 1);
    const token = await tokenFromMail(before);
    await s.handle.store.write((tx) => {
      const r = tx.lookup('subscribers', 'email', 'late@example.com')!;
      tx.update('subscribers', r.id, { confirmExpiresAt: new Date(Date.now() - 1000).toISOString() });
    });
    const res = await s.api('POST', '/api/subscribe/confirm', { body: { token } });
    expect(res).toMatchObject({ status: 400, body: { message: CONFIRM_INVALID_MESSAGE } });
    expect(subscriber('late@example.com')?.status).toBe('pending');
  });

  it('unknown and malformed tokens are refused', async () => {
    const unknown = await s.api('POST', '/api/subscribe/confirm', { body: { token: 'x'.repeat(43) } });
    expect(unknown).toMatchObject({ status: 400, body: { message: CONFIRM_INVALID_MESSAGE } });
    const malformed = await s.api('POST', '/api/subscribe/confirm', { body: { token: '<script>' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^token: /);
  });

  it('one-click unsubscribe works with no cookie and a foreign Origin, answers 200 and is idempotent', async () => {
    const id = subscriber('new@example.com')!.id;
    const token = signUnsubscribeToken(await mailTokenKey(s.handle.store), id);
    const oneClick = () =>
      fetch(`${s.url}/api/unsubscribe/one-click?token=${token}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://mail.provider.example',
          'sec-fetch-site': 'cross-site',
        },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(subscriber('new@example.com')).toMatchObject({ status: 'unsubscribed', active: false });
    expect((await oneClick()).status).toBe(200);
    expect(subscriber('new@example.com')?.status).toBe('unsubscribed');
    // A forged token changes nothing and answers alike.
    const other = subscriber('second@example.com')!;
    const forged = await fetch(`${s.url}/api/unsubscribe/one-click?token=${other.id}.${'A'.repeat(32)}`, {
      method: 'POST',
    });
    expect(forged.status).toBe(200);
    expect(subscriber('second@example.com')?.status).toBe('active');
    // Other cross-origin writes are still refused.
    const crossSite = await fetch(`${s.url}/api/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ token }),
    });
    expect(crossSite.status).toBe(403);
  });

  it('POST /api/unsubscribe accepts the token from the footer link', async () => {
    const other = subscriber('second@example.com')!;
    const token = signUnsubscribeToken(await mailTokenKey(s.handle.store), other.id);
    const res = await s.api('POST', '/api/unsubscribe', { body: { token } });
    expect(res.status).toBe(200);
    expect(subscriber('second@example.com')?.status).toBe('unsubscribed');
  });

  it('unsubscribed then subscribing again is a new opt-in; the old confirmation link no longer works', async () => {
    const before = smtp.received.length;
    await ageMails('new@example.com', 11);
    await subscribe('new@example.com');
    await smtp.waitFor(before + 1);
    expect(subscriber('new@example.com')?.status).toBe('pending');
    const oldToken = await tokenFromMail(0);
    expect((await s.api('POST', '/api/subscribe/confirm', { body: { token: oldToken } })).status).toBe(400);
    const token = await tokenFromMail(before);
    expect((await s.api('POST', '/api/subscribe/confirm', { body: { token } })).status).toBe(200);
    expect(subscriber('new@example.com')?.status).toBe('active');
  });
});

describe('capture mode without PUBLIC_URL', () => {
  it('captures the confirmation with a link to the request origin, prints it, and lists it in the Outbox', async () => {
    const s = await startMailTestServer({ env: { PUBLIC_URL: '' } });
    const logged: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => logged.push(args.join(' '));
    try {
      await s.api('POST', '/api/subscribe', { body: { email: 'cap@example.com' } });
      const cookie = await s.login();
      let list = await s.api('GET', '/api/admin/mail/outbox', { cookie });
      for (let i = 0; i < 50 && list.body.messages.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        list = await s.api('GET', '/api/admin/mail/outbox', { cookie });
      }
      expect(list.body.messages).toEqual([
        expect.objectContaining({
          to: 'cap@example.com',
          kind: 'confirmation',
          state: 'captured',
          error: null,
        }),
      ]);
      expect(logged.join('\n')).toMatch(
        new RegExp(
          `Confirmation link for cap@example.com \\(captured\\): ${s.url}/subscribe/confirm\\?token=`,
        ),
      );
      const status = await s.api('GET', '/api/admin/mail/status', { cookie });
      expect(status.body).toMatchObject({ transport: 'capture', captured: 1, publicUrl: null });
      expect(status.body.problems.join(' ')).toMatch(/PUBLIC_URL is not set/);
    } finally {
      console.log = log;
      await s.close();
    }
  });

  it('with SMTP and no PUBLIC_URL, the confirmation is refused and the next sign-up may retry at once', async () => {
    const smtp = await startSmtpServer();
    const s = await startMailTestServer({ smtp, env: { PUBLIC_URL: '' } });
    const error = console.error;
    const errors: string[] = [];
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      const res = await s.api('POST', '/api/subscribe', { body: { email: 'nourl@example.com' } });
      expect(res).toMatchObject({ status: 200, body: { message: SUBSCRIBE_MESSAGE } });
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.received).toHaveLength(0);
      expect(errors.join('\n')).toMatch(/nourl@example.com not sent: PUBLIC_URL is not set/);
      expect(s.handle.store.lookup('subscribers', 'email', 'nourl@example.com')?.confirmSentAt).toBeNull();
    } finally {
      console.error = error;
      await s.close();
      await smtp.close();
    }
  });
});

describe('the mail budget of an address', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Behind a proxy, so each round can come from another address, as a stranger's would.
    s = await startMailTestServer({ smtp, config: { trustProxy: true } });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  let source = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++source}` });
  const subscriber = (email: string) => s.handle.store.lookup('subscribers', 'email', email);
  const subscribe = (email: string) => s.api('POST', '/api/subscribe', { body: { email }, headers: from() });
  const unsubscribe = (email: string) =>
    s.api('POST', '/api/unsubscribe', { body: { email }, headers: from() });
  const settle = () => new Promise((r) => setTimeout(r, 300));
  async function ageMails(email: string, minutes: number): Promise<void> {
    const earlier = (at: string | null | undefined) =>
      at ? new Date(Date.parse(at) - minutes * 60_000).toISOString() : at;
    await s.handle.store.write((tx) => {
      const r = tx.lookup('subscribers', 'email', email)!;
      tx.update('subscribers', r.id, {
        confirmSentAt: earlier(r.confirmSentAt),
        noticeSentAt: earlier(r.noticeSentAt),
        mailsSentAt: (r.mailsSentAt ?? []).map((at) => earlier(at) as string),
      });
    });
  }

  it('subscribe/unsubscribe pairs mail an address once per 10 minutes and a few times a day, whatever its state', async () => {
    const victim = 'inbox@example.com';
    const before = smtp.received.length;
    // The audit's case: four pairs in a second sent four confirmations to one inbox.
    for (let i = 0; i < 4; i++) {
      expect(await subscribe(victim)).toMatchObject({ status: 200, body: { message: SUBSCRIBE_MESSAGE } });
      const gone = await unsubscribe(victim);
      expect(gone).toMatchObject({ status: 200, body: { message: 'You have been unsubscribed' } });
    }
    await smtp.waitFor(before + 1);
    await settle();
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([victim]);
    // Still the spec's contracts: the last sign-up left it pending, the unsubscribe made it inactive.
    expect(subscriber(victim)).toMatchObject({ status: 'unsubscribed', active: false });
    expect(await subscribe(victim)).toMatchObject({ status: 200, body: { message: SUBSCRIBE_MESSAGE } });
    expect(subscriber(victim)).toMatchObject({ status: 'pending', active: false });

    // Past the interval the next sign-up mails a working link; the day's allowance then runs out.
    for (let sent = 2; sent <= 6; sent++) {
      await ageMails(victim, 11);
      await subscribe(victim);
      await unsubscribe(victim);
      await settle();
      expect(smtp.received.length - before, `after ${sent} rounds`).toBe(Math.min(sent, 5));
    }
    // A day later the address may be mailed again.
    await ageMails(victim, 24 * 60);
    await subscribe(victim);
    await smtp.waitFor(before + 6);
    const token = /\/subscribe\/confirm\?token=([A-Za-z0-9_-]+)/.exec(
      (await smtp.parsed(before + 5)).text ?? '',
    )![1]!;
    expect((await s.api('POST', '/api/subscribe/confirm', { body: { token } })).status).toBe(200);
    expect(subscriber(victim)).toMatchObject({ status: 'active', active: true });
  });
});
