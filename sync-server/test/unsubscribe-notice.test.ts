// Anyone may unsubscribe an address by typing it (the spec's contract), so the subscriber is told: a notice
// with a one-click way back, at most one a day per address, nothing mailed for unknown or inactive
// addresses. Unsubscribe links carry their issue day and expire after a year with a clear 410.
import { CONFIRMED_MESSAGE, UNSUBSCRIBE_LINK_EXPIRED_MESSAGE } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTokenKey, signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_DAYS } from '../src/mail/mail-tokens.ts';
import type { TestServer } from './helpers.ts';
import { PUBLIC_URL, seedSubscribers, startMailTestServer } from './mail-helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';

const BYE = { message: 'You have been unsubscribed' };
const DAY_MS = 86_400_000;

describe('unsubscribe by address', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startMailTestServer({ smtp });
    await seedSubscribers(s, 3);
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  const subscriber = (email: string) => s.handle.store.lookup('subscribers', 'email', email);
  const unsubscribe = (email: string) => s.api('POST', '/api/unsubscribe', { body: { email } });
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it('stops the mail at once, answers as before, and mails the address a notice with a way back', async () => {
    const res = await unsubscribe('Reader1@Example.com');
    expect(res).toMatchObject({ status: 200, body: BYE });
    expect(subscriber('reader1@example.com')).toMatchObject({ status: 'unsubscribed', active: false });
    await smtp.waitFor(1);
    expect(smtp.received[0]!.to).toBe('reader1@example.com');
    const mail = await smtp.parsed(0);
    expect(mail.subject).toBe('You were unsubscribed from Private Notes');
    expect(mail.text).toContain('You were unsubscribed from Private Notes');
    expect(mail.text).toContain('Not you? Resubscribe with one click');
    const link = /\/subscribe\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    expect(mail.html).toContain(`${PUBLIC_URL}/subscribe/confirm?token=${link![1]}`);
    // Only its hash is stored; opening the link changes nothing; its button resubscribes.
    expect(JSON.stringify(subscriber('reader1@example.com'))).not.toContain(link![1]);
    await s.api('GET', `/subscribe/confirm?token=${link![1]}`);
    expect(subscriber('reader1@example.com')?.status).toBe('unsubscribed');
    const back = await s.api('POST', '/api/subscribe/confirm', { body: { token: link![1] } });
    expect(back).toMatchObject({ status: 200, body: { message: CONFIRMED_MESSAGE } });
    expect(subscriber('reader1@example.com')).toMatchObject({ status: 'active', active: true });
  });

  it('sends at most one notice a day per address; the first notice’s way back keeps working', async () => {
    const before = smtp.received.length;
    expect((await unsubscribe('reader1@example.com')).status).toBe(200);
    await settle();
    expect(subscriber('reader1@example.com')?.status).toBe('unsubscribed');
    expect(smtp.received.length).toBe(before);
    const first = await smtp.parsed(0);
    const token = /\/subscribe\/confirm\?token=([A-Za-z0-9_-]+)/.exec(first.text ?? '')![1]!;
    expect((await s.api('POST', '/api/subscribe/confirm', { body: { token } })).status).toBe(200);
    expect(subscriber('reader1@example.com')?.status).toBe('active');
    // A day later the address may be told again.
    await s.handle.store.write((tx) => {
      const record = tx.lookup('subscribers', 'email', 'reader1@example.com')!;
      tx.update('subscribers', record.id, {
        noticeSentAt: new Date(Date.now() - DAY_MS - 1000).toISOString(),
        mailsSentAt: [new Date(Date.now() - DAY_MS - 1000).toISOString()],
      });
    });
    await unsubscribe('reader1@example.com');
    await smtp.waitFor(before + 1);
    expect(smtp.received[before]!.to).toBe('reader1@example.com');
  });

  it('mails nothing for an unknown, pending or already unsubscribed address, with the same answer', async () => {
    const confirmations = smtp.received.length;
    await s.api('POST', '/api/subscribe', { body: { email: 'pending@example.com' } });
    await smtp.waitFor(confirmations + 1); // its confirmation mail is not what is counted
    const before = smtp.received.length;
    for (const email of ['nobody@example.com', 'pending@example.com', 'reader1@example.com'])
      expect(await unsubscribe(email)).toMatchObject({ status: 200, body: BYE });
    await settle();
    expect(smtp.received.length).toBe(before);
    expect(subscriber('pending@example.com')?.status).toBe('unsubscribed');
  });
});

describe('unsubscribe links', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startMailTestServer();
    await seedSubscribers(s, 2, 'linked');
  });
  afterAll(() => s.close());

  const subscriber = (email: string) => s.handle.store.lookup('subscribers', 'email', email)!;

  it('work within a year of the mail; an older one answers 410 with a clear message and changes nothing', async () => {
    const key = await mailTokenKey(s.handle.store);
    const one = subscriber('linked1@example.com');
    const old = signUnsubscribeToken(
      key,
      one.id,
      new Date(Date.now() - (UNSUBSCRIBE_TOKEN_TTL_DAYS + 2) * DAY_MS),
    );
    const expired = await s.api('POST', '/api/unsubscribe', { body: { token: old } });
    expect(expired).toMatchObject({ status: 410, body: { message: UNSUBSCRIBE_LINK_EXPIRED_MESSAGE } });
    expect(subscriber('linked1@example.com').status).toBe('active');
    // One-click keeps its single neutral answer, and does nothing for an expired link either.
    const oneClick = await fetch(`${s.url}/api/unsubscribe/one-click?token=${old}`, { method: 'POST' });
    expect(oneClick.status).toBe(200);
    expect(subscriber('linked1@example.com').status).toBe('active');

    const recent = signUnsubscribeToken(key, one.id, new Date(Date.now() - 300 * DAY_MS));
    expect((await s.api('POST', '/api/unsubscribe', { body: { token: recent } })).status).toBe(200);
    expect(subscriber('linked1@example.com').status).toBe('unsubscribed');
  });

  it('are signed with the day they are made (a newsletter signs each at its send)', async () => {
    const key = await mailTokenKey(s.handle.store);
    const two = subscriber('linked2@example.com');
    const today = Math.floor(Date.now() / DAY_MS);
    expect(signUnsubscribeToken(key, two.id)).toMatch(
      new RegExp(`^${two.id}\\.${today}\\.[A-Za-z0-9_-]{32}$`),
    );
  });
});
