// The blog's newsletter form without JavaScript: a urlencoded POST to /subscribe signs the address up like
// POST /api/subscribe (double opt-in: pending, one confirmation mail) and answers 303 to a small page saying
// so, with a link back to the blog page the form was on (never to another site); a bad address changes
// nothing; both ways share one rate limit; a post from another site is refused.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SUBSCRIBE_RATE_LIMIT } from '../src/routes/subscribers.ts';
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

const status = (email: string) => s.handle.store.lookup('subscribers', 'email', email)?.status;

function postForm(fields: Record<string, string>, headers: Record<string, string> = { origin: s.url }) {
  return fetch(`${s.url}/subscribe`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

it('an address signs up pending, and the answer page says to check the inbox, with a link back to the post', async () => {
  const log = vi.spyOn(console, 'log');
  const res = await postForm({ email: 'form-reader@example.com', back: '/blog/post/3/linking-notes' });
  expect(res.status).toBe(303);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const location = res.headers.get('location')!;
  expect(location).toBe('/subscribe?result=sent&back=%2Fblog%2Fpost%2F3%2Flinking-notes');
  expect(status('form-reader@example.com')).toBe('pending');
  // The confirmation mail goes out as for the API (captured here).
  await vi.waitFor(() =>
    expect(log.mock.calls.some((c) => String(c[0]).includes('for form-reader@example.com (captured)'))).toBe(
      true,
    ),
  );

  const page = await fetch(s.url + location);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  const html = await page.text();
  expect(html).toContain('<title>Check your inbox | Private Notes</title>');
  expect(html).toContain('we sent a confirmation link');
  expect(html).toContain(
    '<a class="pn-button pn-button-primary" href="/blog/post/3/linking-notes">Back to the post</a>',
  );
  // The page names nobody's address.
  expect(html).not.toContain('form-reader@example.com');
});

it('a bad address changes nothing and the page says why; a back link off the blog leads to /blog', async () => {
  const before = s.handle.store.all('subscribers').length;
  for (const email of ['not-an-address', '', 'a@b']) {
    const res = await postForm({ email, back: 'https://evil.example/' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/subscribe?result=invalid&back=%2Fblog');
  }
  expect(s.handle.store.all('subscribers')).toHaveLength(before);
  const html = await (await fetch(`${s.url}/subscribe?result=invalid&back=//evil.example`)).text();
  expect(html).toContain('Please enter a valid email address.');
  expect(html).toContain('href="/blog">Back to the blog</a>');
  expect(html).not.toContain('evil.example');
  // An unknown result is no page of its own.
  const odd = await fetch(`${s.url}/subscribe?result=x&back=/blog/tags`, { redirect: 'manual' });
  expect(odd.status).toBe(303);
  expect(odd.headers.get('location')).toBe('/blog/tags');
});

it('a post from another site is refused; our own form post (Origin: null, same-origin) goes through', async () => {
  expect(
    (await postForm({ email: 'csrf-form@example.com' }, { origin: 'https://evil.example' })).status,
  ).toBe(403);
  expect(
    (await postForm({ email: 'csrf-form@example.com' }, { origin: 'null', 'sec-fetch-site': 'cross-site' }))
      .status,
  ).toBe(403);
  expect(status('csrf-form@example.com')).toBeUndefined();
  const own = await postForm(
    { email: 'csrf-form@example.com', back: '/blog' },
    { origin: 'null', 'sec-fetch-site': 'same-origin' },
  );
  expect(own.headers.get('location')).toBe('/subscribe?result=sent&back=%2Fblog');
  expect(status('csrf-form@example.com')).toBe('pending');
});

it('shares the API’s allowance: past it the form gets a page saying to try later, and nothing is stored', async () => {
  // Earlier tests used some of this address's allowance; spend the rest through the API.
  for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.limit; i++)
    await s.api('POST', '/api/subscribe', { body: { email: `spend${i}@example.com` } });
  const res = await postForm({ email: 'late@example.com', back: '/blog/post/3/x' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/subscribe?result=limited&back=%2Fblog%2Fpost%2F3%2Fx');
  expect(status('late@example.com')).toBeUndefined();
  const html = await (await fetch(s.url + res.headers.get('location'))).text();
  expect(html).toContain('Too many subscription requests from this address. Please try again later.');
  expect((await s.api('POST', '/api/subscribe', { body: { email: 'late@example.com' } })).status).toBe(429);
});
