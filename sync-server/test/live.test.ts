// The live channel over real HTTP (both stores): a device hears within moments which feeds a write moved,
// resumes with Last-Event-ID without missing a feed, gets heartbeats, is never compressed, and a session
// signed out (from another device, by a password change, by logging out) loses its channel at once and
// hears nothing more.
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { type LiveTestChannel, openLive } from './live-client.ts';

let s: TestServer;
let cookie: string;
const open: LiveTestChannel[] = [];
beforeAll(async () => {
  s = await startTestServer({}, { liveHeartbeatMs: 300 });
  cookie = await s.login();
});
afterAll(async () => {
  for (const channel of open) channel.close();
  await s.close();
});

async function live(withCookie: string | null, headers: Record<string, string> = {}) {
  const channel = await openLive(s.url, withCookie, headers);
  open.push(channel);
  return channel;
}

const feedsEvent = (feed: string) => (e: { event: string; data: { feeds: string[] } | null }) =>
  e.event === 'feeds' && (e.data?.feeds.includes(feed) ?? false);

async function sessionIdOf(sessionCookie: string): Promise<number> {
  const list = await s.api('GET', '/api/user/sessions', { cookie: sessionCookie });
  return list.body.find((x: { current: boolean }) => x.current).id;
}

describe('live channel', () => {
  it('refuses a visitor and a malformed Last-Event-ID, opening nothing', async () => {
    const anonymous = await live(null);
    expect(anonymous.status).toBe(401);
    const bad = await live(cookie, { 'last-event-id': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(s.handle.live.size).toBe(0);
  });

  it('streams uncompressed, unbuffered events: a hello, then which feeds each write moved', async () => {
    const channel = await live(cookie);
    expect(channel.status).toBe(200);
    expect(channel.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(channel.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(channel.headers.get('x-accel-buffering')).toBe('no');
    expect(channel.headers.get('content-encoding')).toBeNull();
    const hello = await channel.next((e) => e.event === 'hello');
    expect(hello.data).toEqual({ seq: Number(hello.id), feeds: [] });

    const created = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Live', content: 'x', tags: [] },
    });
    expect(created.status).toBe(201);
    const notes = await channel.next(feedsEvent('notes'));
    expect(notes.data?.feeds).toEqual(['notes', 'trash']);
    expect(Number(notes.id)).toBeGreaterThan(Number(hello.id));

    const card = {
      kind: 'flashcard',
      id: 'fc-live',
      noteId: String(created.body.id),
      question: 'Q?',
      answer: 'A',
      cloze: null,
      origin: 'generated',
      edited: false,
      suspended: false,
    };
    const cards = await s.api('POST', '/api/cards', {
      cookie,
      body: { changes: [{ op: 'put', change: 'ch-live-1', baseVersion: 0, card }] },
    });
    expect(cards.status).toBe(200);
    expect((await channel.next(feedsEvent('cards'))).data?.feeds).toEqual(['cards']);

    const review = {
      id: 'r-live',
      cardId: 'fc-live',
      noteId: 'n1',
      rating: 3,
      reviewedAt: new Date().toISOString(),
    };
    expect((await s.api('POST', '/api/reviews', { cookie, body: { reviews: [review] } })).status).toBe(200);
    expect((await channel.next(feedsEvent('reviews'))).data?.feeds).toEqual(['reviews']);

    expect((await s.api('DELETE', `/api/notes/${created.body.id}`, { cookie })).status).toBeLessThan(300);
    const from = channel.events.length;
    await channel.next(feedsEvent('trash'), 3000, from - 1);
    // A sign-in elsewhere (a sessions write) moves none of the feeds: no event for it.
    const before = channel.events.filter((e) => e.event === 'feeds').length;
    await s.login();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(channel.events.filter((e) => e.event === 'feeds').length).toBe(before);
  });

  it("marks a sync push's event as its own on the pushing session's channels only; other writes never", async () => {
    const other = await s.login();
    const mine = await live(cookie);
    const theirs = await live(other);
    await mine.next((e) => e.event === 'hello');
    await theirs.next((e) => e.event === 'hello');

    const pushed = await s.api('POST', '/api/notes/batch', {
      cookie,
      body: { changes: [{ op: 'create', clientId: 'own-1', title: 'Pushed', content: 'x' }] },
    });
    expect(pushed.status).toBe(200);
    const ownEvent = await mine.next(feedsEvent('notes'));
    expect(ownEvent.data).toEqual({ seq: Number(ownEvent.id), feeds: ['notes', 'trash'], own: 'notes-push' });
    const seenElsewhere = await theirs.next(feedsEvent('notes'));
    expect(seenElsewhere.id).toBe(ownEvent.id);
    expect(seenElsewhere.data?.own).toBeUndefined();

    // The same session through the notes API, and the other session's push: never its own.
    await s.api('POST', '/api/notes', { cookie, body: { title: 'Plain', content: '', tags: [] } });
    const plain = await mine.next((e) => feedsEvent('notes')(e) && e.id !== ownEvent.id);
    expect(plain.data?.own).toBeUndefined();
    await s.api('POST', '/api/notes/batch', {
      cookie: other,
      body: { changes: [{ op: 'create', clientId: 'their-1', title: 'Theirs', content: 'y' }] },
    });
    const theirPush = await mine.next((e) => feedsEvent('notes')(e) && Number(e.id) > Number(plain.id));
    expect(theirPush.data?.own).toBeUndefined();
  });

  it('resumes with Last-Event-ID: the hello names every feed that moved while it was away, and only those', async () => {
    const first = await live(cookie);
    const hello = await first.next((e) => e.event === 'hello');
    first.close();
    await s.api('POST', '/api/notes', { cookie, body: { title: 'While away', content: '', tags: [] } });
    await s.api('PUT', '/api/user/settings', { cookie, body: { ...DEFAULT_SETTINGS, theme: 'dark' } });

    const resumed = await live(cookie, { 'last-event-id': hello.id! });
    const again = await resumed.next((e) => e.event === 'hello');
    expect(again.data?.feeds).toEqual(['notes', 'trash', 'settings']);
    expect(Number(again.id)).toBeGreaterThan(Number(hello.id));

    // Up to date: nothing to catch up. From a number this server never handed out: every feed.
    const current = await live(cookie, { 'last-event-id': again.id! });
    expect((await current.next((e) => e.event === 'hello')).data?.feeds).toEqual([]);
    const unknown = await live(cookie, { 'last-event-id': String(Number(again.id) + 1000) });
    expect((await unknown.next((e) => e.event === 'hello')).data?.feeds).toContain('outbox');
  });

  it('sends a heartbeat comment between events', async () => {
    const channel = await live(cookie);
    await channel.next((e) => e.event === 'hello');
    const from = channel.events.length;
    // Every 300 ms here; the bound only keeps a broken heartbeat from waiting for the test's timeout.
    await channel.next((e) => e.event === 'comment', 10_000, from);
    await channel.next((e) => e.event === 'comment', 10_000, channel.events.length);
  });

  it('closes a session signed out from another device at once, and sends it nothing more', async () => {
    const other = await s.login();
    const otherId = await sessionIdOf(other);
    const channel = await live(other);
    await channel.next((e) => e.event === 'hello');
    const ended = await s.api('DELETE', `/api/user/sessions/${otherId}`, { cookie });
    expect(ended.status).toBe(204);
    const signedOutAt = Date.now();
    await channel.ended;
    expect(Date.now() - signedOutAt).toBeLessThan(1000);
    const count = channel.events.length;
    await s.api('POST', '/api/notes', { cookie, body: { title: 'After sign-out', content: '', tags: [] } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(channel.events.length).toBe(count);
    expect(channel.events.some((e) => e.event === 'feeds')).toBe(false);
    // And it cannot open another one.
    expect((await live(other)).status).toBe(401);
  });

  it('closes the channel of a device that logs out, and of the other devices after a password change', async () => {
    const leaving = await s.login();
    const channel = await live(leaving);
    await channel.next((e) => e.event === 'hello');
    expect((await s.api('POST', '/api/logout', { cookie: leaving })).status).toBeLessThan(300);
    await channel.ended;

    const elsewhere = await s.login();
    const elsewhereChannel = await live(elsewhere);
    await elsewhereChannel.next((e) => e.event === 'hello');
    const changer = await s.login();
    const changed = await s.api('PUT', '/api/user/password', {
      cookie: changer,
      body: {
        currentPassword: s.config.ownerPassword,
        newPassword: 'another horse battery staple',
        confirmPassword: 'another horse battery staple',
      },
    });
    expect(changed.status).toBe(204);
    await elsewhereChannel.ended;
    expect(elsewhereChannel.events.some((e) => e.event === 'feeds')).toBe(false);
  });
});
