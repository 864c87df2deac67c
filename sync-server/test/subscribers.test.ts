// The newsletter API over real HTTP: subscribe (pending until confirmed, see mail-opt-in.test.ts) with
// one message, unsubscribe that reveals nothing, case-insensitive addresses, the owner's list and switch,
// validation, 401/404, rate limits.
import { SUBSCRIBE_MESSAGE, type Subscriber } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_RATE_LIMIT } from '../src/routes/subscribers.ts';
import { contentSnapshot } from './blog-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const THANKS = { message: SUBSCRIBE_MESSAGE };
const BYE = { message: 'You have been unsubscribed' };

describe('subscribe and unsubscribe', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startTestServer();
    cookie = await s.login();
  });
  afterAll(() => s.close());

  const stored = () => s.handle.store.all('subscribers');
  const now = () => new Date().toISOString();
  /** Straight into the store: the suite's own sign-ups use up the per-address rate limit. */
  async function insertSubscriber(
    email: string,
    fields: { status: 'active' | 'pending' | 'bounced'; confirmedAt: string | null },
  ): Promise<number> {
    return s.handle.store.write(
      (tx) =>
        tx.insert('subscribers', {
          email,
          name: null,
          interests: [],
          active: fields.status === 'active',
          subscribedAt: now(),
          ...fields,
        }).id,
    );
  }

  it('a new address is stored trimmed and lower-case, pending confirmation', async () => {
    const res = await s.api('POST', '/api/subscribe', {
      body: { email: '  Reader@Example.COM ', name: ' Rea ', interests: ['tech', 'tech', 'notes'] },
    });
    expect(res).toMatchObject({ status: 200, body: THANKS });
    expect(stored()).toEqual([
      expect.objectContaining({
        email: 'reader@example.com',
        name: 'Rea',
        interests: ['tech', 'notes'],
        active: false,
        status: 'pending',
      }),
    ]);
  });

  it('the same address in another case is the same subscriber (no duplicate), same message', async () => {
    const res = await s.api('POST', '/api/subscribe', { body: { email: 'READER@example.com' } });
    expect(res).toMatchObject({ status: 200, body: THANKS });
    expect(stored()).toHaveLength(1);
    expect(stored()[0]).toMatchObject({ name: 'Rea', interests: ['tech', 'notes'] });
  });

  it('unsubscribe answers the same for known and unknown addresses and deactivates known ones', async () => {
    const known = await s.api('POST', '/api/unsubscribe', { body: { email: 'Reader@Example.com' } });
    const unknown = await s.api('POST', '/api/unsubscribe', { body: { email: 'nobody@example.com' } });
    expect(known).toMatchObject({ status: 200, body: BYE });
    expect(unknown).toMatchObject({ status: 200, body: BYE });
    expect(JSON.stringify(known.body)).toBe(JSON.stringify(unknown.body));
    expect(stored()).toHaveLength(1);
    expect(stored()[0]?.active).toBe(false);
    // Unsubscribing twice changes nothing and still succeeds.
    expect((await s.api('POST', '/api/unsubscribe', { body: { email: 'reader@example.com' } })).status).toBe(
      200,
    );
  });

  it('subscribing again after unsubscribing is a new opt-in (pending, new interests)', async () => {
    const res = await s.api('POST', '/api/subscribe', {
      body: { email: 'reader@example.com', interests: ['ai'] },
    });
    expect(res).toMatchObject({ status: 200, body: THANKS });
    expect(stored()[0]).toMatchObject({ active: false, status: 'pending', interests: ['ai'] });
  });

  it.each([
    ['/api/subscribe', {}, /^email: /],
    ['/api/subscribe', { email: 'nope' }, /^email: must be a valid email address/],
    ['/api/subscribe', { email: 42 }, /^email: /],
    ['/api/subscribe', { email: `${'a'.repeat(250)}@example.com` }, /^email: must be at most 254 characters/],
    ['/api/subscribe', { email: 'a@b.co', name: 'x'.repeat(101) }, /^name: /],
    ['/api/subscribe', { email: 'a@b.co', interests: 'tech' }, /^interests: /],
    ['/api/unsubscribe', {}, /^email: /],
    ['/api/unsubscribe', { email: 'not an email' }, /^email: must be a valid email address/],
  ])('POST %s answers 400 for %j and changes nothing', async (path, body, message) => {
    const before = contentSnapshot(s);
    const res = await s.api('POST', path, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(contentSnapshot(s)).toBe(before);
  });

  it('the owner lists subscribers and flips the active switch', async () => {
    await s.api('POST', '/api/subscribe', { body: { email: 'second@example.com' } });
    const list = await s.api<Subscriber[]>('GET', '/api/admin/subscribers', { cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.map((x) => x.email)).toEqual(['second@example.com', 'reader@example.com']);
    // An address that confirmed once goes off and comes back on.
    const confirmed = await insertSubscriber('confirmed@example.com', {
      status: 'active',
      confirmedAt: now(),
    });
    const off = await s.api<Subscriber>('PUT', `/api/admin/subscribers/${confirmed}`, {
      cookie,
      body: { active: false },
    });
    expect(off).toMatchObject({
      status: 200,
      body: { id: confirmed, active: false, status: 'unsubscribed', email: 'confirmed@example.com' },
    });
    const on = await s.api<Subscriber>('PUT', `/api/admin/subscribers/${confirmed}`, {
      cookie,
      body: { active: true },
    });
    expect(on).toMatchObject({ status: 200, body: { active: true, status: 'active' } });
  });

  it('the switch cannot subscribe an address without its consent: pending or bounced stay off', async () => {
    const pending = await insertSubscriber('waiting@example.com', { status: 'pending', confirmedAt: null });
    const bounced = await insertSubscriber('gone@example.com', { status: 'bounced', confirmedAt: now() });
    const before = contentSnapshot(s);
    const refused = await s.api('PUT', `/api/admin/subscribers/${pending}`, {
      cookie,
      body: { active: true },
    });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message:
          'waiting@example.com has not confirmed the subscription yet: it gets the newsletter once the link in its confirmation mail is followed.',
      },
    });
    const bounce = await s.api('PUT', `/api/admin/subscribers/${bounced}`, {
      cookie,
      body: { active: true },
    });
    expect(bounce.status).toBe(409);
    expect(bounce.body.message).toMatch(/^Mail to gone@example.com bounced/);
    expect(contentSnapshot(s)).toBe(before);
    // Turning a pending address off (it is off) and on again does not get round the confirmation either.
    await s.api('PUT', `/api/admin/subscribers/${pending}`, { cookie, body: { active: false } });
    const again = await s.api('PUT', `/api/admin/subscribers/${pending}`, { cookie, body: { active: true } });
    expect(again.status).toBe(409);
    expect(stored().find((x) => x.id === pending)).toMatchObject({ active: false, status: 'pending' });
  });

  it('the list answer is reused until the next write, compressed when asked, and never stale', async () => {
    // Enough rows for the answer to be worth compressing (over 1 KB).
    await s.handle.store.write((tx) => {
      for (let i = 0; i < 12; i++) {
        tx.insert('subscribers', {
          email: `older-${i}@example.com`,
          name: `Older Reader ${i}`,
          interests: ['writing'],
          active: true,
          subscribedAt: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
        });
      }
    });
    const first = await s.api<Subscriber[]>('GET', '/api/admin/subscribers', { cookie });
    const again = await s.api<Subscriber[]>('GET', '/api/admin/subscribers', { cookie });
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.body).toEqual(first.body);
    const gzipped = await fetch(`${s.url}/api/admin/subscribers`, {
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('cache-control')).toBe('no-store');
    expect(await gzipped.json()).toEqual(first.body);
    const brotli = await fetch(`${s.url}/api/admin/subscribers`, {
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.json()).toEqual(first.body);
    // A write (the active switch, a new subscriber) shows in the very next list.
    const id = first.body[0]!.id;
    await s.api('PUT', `/api/admin/subscribers/${id}`, { cookie, body: { active: false } });
    // Straight into the store: this suite's subscriptions already used up the per-address rate limit.
    await s.handle.store.write((tx) => {
      tx.insert('subscribers', {
        email: 'third@example.com',
        name: null,
        interests: [],
        active: true,
        subscribedAt: new Date().toISOString(),
      });
    });
    const after = await s.api<Subscriber[]>('GET', '/api/admin/subscribers', { cookie });
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(after.body[0]!.email).toBe('third@example.com');
    expect(after.body.find((x) => x.id === id)?.active).toBe(false);
    await s.api('PUT', `/api/admin/subscribers/${id}`, { cookie, body: { active: true } });
  });

  it('admin endpoints answer 401 to visitors, 404 for unknown ids, 400 for bad input', async () => {
    const before = contentSnapshot(s);
    expect((await s.api('GET', '/api/admin/subscribers')).status).toBe(401);
    expect((await s.api('PUT', '/api/admin/subscribers/1', { body: { active: false } })).status).toBe(401);
    expect(
      await s.api('PUT', '/api/admin/subscribers/4242', { cookie, body: { active: false } }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Subscriber not found' },
    });
    const wrongType = await s.api('PUT', '/api/admin/subscribers/1', { cookie, body: { active: 'no' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^active: /);
    expect((await s.api('PUT', '/api/admin/subscribers/1', { cookie, body: {} })).status).toBe(400);
    expect((await s.api('PUT', '/api/admin/subscribers/x', { cookie, body: { active: true } })).status).toBe(
      400,
    );
    expect(contentSnapshot(s)).toBe(before);
  });
});

describe('rate limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it(`allows ${SUBSCRIBE_RATE_LIMIT.limit} subscriptions per IP in the window, then answers 429`, async () => {
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.limit; i++) {
      expect((await s.api('POST', '/api/subscribe', { body: { email: `p${i}@example.com` } })).status).toBe(
        200,
      );
    }
    const before = contentSnapshot(s);
    const res = await s.api('POST', '/api/subscribe', { body: { email: 'late@example.com' } });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/too many/i);
    expect(contentSnapshot(s)).toBe(before);
  });
});
