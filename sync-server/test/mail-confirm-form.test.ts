// The confirmation page's form without JavaScript: a urlencoded POST to /subscribe/confirm confirms with the
// same token rules as POST /api/subscribe/confirm and answers 303 to the page showing the result (so a reload
// does not post again); bad, expired and malformed tokens change nothing; both ways share one rate limit.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { CONFIRM_RATE_LIMIT } from '../src/routes/mail-public.ts';
import type { TestServer } from './helpers.ts';
import { startMailTestServer } from './mail-helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startMailTestServer();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

/** Signs an address up and answers the token of its captured confirmation mail. */
async function signUp(email: string): Promise<string> {
  const log = vi.spyOn(console, 'log');
  expect((await s.api('POST', '/api/subscribe', { body: { email } })).status).toBe(200);
  for (let i = 0; i < 200; i++) {
    const line = log.mock.calls.map((c) => String(c[0])).find((l) => l.includes(`for ${email} (captured)`));
    const token = line && /\/subscribe\/confirm\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no confirmation for ${email}`);
}

const status = (email: string) => s.handle.store.lookup('subscribers', 'email', email)?.status;

function postForm(body: string, origin: string | null = s.url, fetchSite?: string) {
  return fetch(`${s.url}/subscribe/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
      ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
    },
    body,
  });
}

it('a good token confirms and redirects to the page saying so; a second post is harmless', async () => {
  const token = await signUp('form@example.com');
  expect(status('form@example.com')).toBe('pending');
  const res = await postForm(`token=${encodeURIComponent(token)}`);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/subscribe/confirm?result=confirmed');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(status('form@example.com')).toBe('active');
  expect((await postForm(`token=${token}`)).headers.get('location')).toBe(
    '/subscribe/confirm?result=confirmed',
  );
});

it('unknown, malformed and missing tokens change nothing and say the link is invalid', async () => {
  await signUp('other@example.com');
  for (const body of [`token=${'x'.repeat(43)}`, 'token=%3Cscript%3E', '', 'token=']) {
    const res = await postForm(body);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/subscribe/confirm?result=invalid');
  }
  expect(status('other@example.com')).toBe('pending');
});

it('a post from another site is refused like every other unsafe request', async () => {
  const token = await signUp('csrf@example.com');
  expect((await postForm(`token=${token}`, 'https://evil.example')).status).toBe(403);
  // Our pages send no referrer, so the browser's form post says `Origin: null`: Sec-Fetch-Site decides.
  expect((await postForm(`token=${token}`, 'null', 'cross-site')).status).toBe(403);
  expect((await postForm(`token=${token}`, 'null')).status).toBe(403);
  expect(status('csrf@example.com')).toBe('pending');
  const own = await postForm(`token=${token}`, 'null', 'same-origin');
  expect(own.headers.get('location')).toBe('/subscribe/confirm?result=confirmed');
  expect(status('csrf@example.com')).toBe('active');
});

it('the page the redirect lands on changes nothing', async () => {
  const token = await signUp('look@example.com');
  await s.api('GET', `/subscribe/confirm?token=${token}&result=confirmed`);
  expect(status('look@example.com')).toBe('pending');
});

it('shares the rate limit with the JSON confirmation; past it the form lands on the page saying so', async () => {
  const token = await signUp('limit@example.com');
  // Whatever was spent above counts too: spend the rest of the hour's allowance on bad tokens.
  let answer = 0;
  for (let i = 0; i < CONFIRM_RATE_LIMIT.limit && answer !== 429; i++)
    answer = (await s.api('POST', '/api/subscribe/confirm', { body: { token: 'y'.repeat(43) } })).status;
  const res = await postForm(`token=${token}`);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`/subscribe/confirm?token=${token}&result=limited`);
  expect(status('limit@example.com')).toBe('pending');
});
