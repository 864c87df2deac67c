// Reading the mail the test server captured (it runs without SMTP, so every message lands in the Outbox):
// find a message to an address, pull the confirmation or unsubscribe link out of its plain-text part, and
// confirm a subscription the way a reader would, for specs that need active subscribers.
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

export interface OutboxRow {
  id: string;
  createdAt: string;
  to: string;
  subject: string;
  kind: 'confirmation' | 'newsletter' | 'alert' | 'digest' | 'test' | 'notice';
  state: 'captured' | 'sent' | 'failed';
  error: string | null;
}

export interface OutboxDetail extends OutboxRow {
  html: string | null;
  text: string | null;
  headers: { name: string; value: string }[];
}

export async function outbox(api: APIRequestContext): Promise<OutboxRow[]> {
  const res = await api.get('/api/admin/mail/outbox');
  expect(res.ok(), `outbox answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { messages: OutboxRow[] }).messages;
}

/** The newest message of that kind to that address, waiting for it to be written (the send is async). */
export async function waitForMail(
  api: APIRequestContext,
  to: string,
  kind: OutboxRow['kind'],
  timeout = 15_000,
): Promise<OutboxDetail> {
  let found: OutboxRow | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(api)).find(
          (m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.kind === kind,
        );
        return found !== undefined;
      },
      { message: `a ${kind} mail to ${to}`, timeout },
    )
    .toBe(true);
  const res = await api.get(`/api/admin/mail/outbox/${encodeURIComponent((found as OutboxRow).id)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as OutboxDetail;
}

/** The first link in the message's plain text whose path is `path` (e.g. '/subscribe/confirm'). */
export function linkIn(mail: OutboxDetail, path: string): URL {
  const match = (mail.text ?? '').match(
    new RegExp(`https?://[^\\s<>"]*${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_.%-]+`),
  );
  expect(match, `a ${path} link in "${mail.subject}"`).not.toBeNull();
  return new URL((match as RegExpMatchArray)[0]);
}

let readers = Math.floor(Math.random() * 200);

/**
 * A reader's own network address (TEST-NET-3, RFC 5737), sent as X-Forwarded-For: the server trusts it from
 * loopback in the browser tests (serve.mjs), so seeded readers do not share the per-address sign-up limit
 * (10 an hour) with the specs that subscribe through the page, nor the comment limit (10 in 15 minutes).
 */
export function readerAddress(): Record<string, string> {
  readers = (readers + 1) % 250;
  return { 'X-Forwarded-For': `203.0.113.${readers + 1}` };
}

/** Subscribes `email` and confirms it with the token from its confirmation mail, as a reader would. */
export async function subscribeConfirmed(
  visitor: APIRequestContext,
  owner: APIRequestContext,
  subscriber: { email: string; name?: string; interests?: string[] },
): Promise<void> {
  const headers = readerAddress();
  const res = await visitor.post('/api/subscribe', { data: subscriber, headers });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const mail = await waitForMail(owner, subscriber.email, 'confirmation');
  const token = linkIn(mail, '/subscribe/confirm').searchParams.get('token');
  const confirmed = await visitor.post('/api/subscribe/confirm', { data: { token }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

export async function subscriberStatus(owner: APIRequestContext, email: string): Promise<string | undefined> {
  const list = (await (await owner.get('/api/admin/subscribers')).json()) as {
    email: string;
    status: string;
  }[];
  return list.find((s) => s.email === email)?.status;
}

/** A reader without JavaScript in a 390 px window, from an address of their own (per-address limits are shared). */
export async function readerWithoutScripts(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: readerAddress(),
  });
  return context.newPage();
}
