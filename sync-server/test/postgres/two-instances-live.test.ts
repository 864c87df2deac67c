// Two servers on one PostgreSQL database: a device connected to instance B hears at once about a write
// committed through instance A (A's NOTIFY, B's replay, B's channel), and a session signed out through A
// loses its channel on B.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers.ts';
import { type LiveTestChannel, openLive } from '../live-client.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';

let databaseUrl = '';
let a: TestServer;
let b: TestServer;
let cookie = '';
const open: LiveTestChannel[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  a = await startTestServer({ databaseUrl });
  b = await startTestServer({ databaseUrl });
  cookie = await a.login();
}, 120_000);

afterAll(async () => {
  for (const channel of open) channel.close();
  await a?.close();
  await b?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

it('delivers a commit made through A to a channel on B, and resumes on A without missing it', async () => {
  const onB = await openLive(b.url, cookie);
  open.push(onB);
  expect(onB.status).toBe(200);
  const hello = await onB.next((e) => e.event === 'hello');
  const created = await a.api('POST', '/api/notes', {
    cookie,
    body: { title: 'via A', content: '', tags: [] },
  });
  expect(created.status).toBe(201);
  const event = await onB.next((e) => e.event === 'feeds' && (e.data?.feeds.includes('notes') ?? false));
  expect(Number(event.id)).toBeGreaterThan(Number(hello.id));
  // B's event came after B replayed the commit: the pull it prompts, through B, finds the note.
  const pulled = await b.api('GET', `/api/notes/changes?since=0`, { cookie });
  expect(pulled.body.notes.map((n: { title: string }) => n.title)).toContain('via A');

  // The device moves to A with B's last id: A names the feed that moved since.
  const onA = await openLive(a.url, cookie, { 'last-event-id': hello.id! });
  open.push(onA);
  expect((await onA.next((e) => e.event === 'hello')).data?.feeds).toContain('notes');
});

it('closes the channel on B of a session signed out through A', async () => {
  const other = await b.login();
  const sessions = await b.api('GET', '/api/user/sessions', { cookie: other });
  const otherId = sessions.body.find((x: { current: boolean }) => x.current).id;
  const onB = await openLive(b.url, other);
  open.push(onB);
  await onB.next((e) => e.event === 'hello');
  expect((await a.api('DELETE', `/api/user/sessions/${otherId}`, { cookie })).status).toBe(204);
  const at = Date.now();
  await onB.ended;
  expect(Date.now() - at).toBeLessThan(1000);
  await a.api('POST', '/api/notes', { cookie, body: { title: 'after', content: '', tags: [] } });
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(onB.events.some((e) => e.event === 'feeds')).toBe(false);
});

it("marks a push through A as the session's own on A only: B's replay carries no writer, so B's device pulls", async () => {
  const onA = await openLive(a.url, cookie);
  const onB = await openLive(b.url, cookie);
  open.push(onA, onB);
  await onA.next((e) => e.event === 'hello');
  await onB.next((e) => e.event === 'hello');
  const pushed = await a.api('POST', '/api/notes/batch', {
    cookie,
    body: { changes: [{ op: 'create', clientId: 'two-own-1', title: 'pushed via A', content: '' }] },
  });
  expect(pushed.status).toBe(200);
  const notes = (e: { event: string; data: { feeds: string[] } | null }) =>
    e.event === 'feeds' && (e.data?.feeds.includes('notes') ?? false);
  const onAEvent = await onA.next(notes);
  const onBEvent = await onB.next(notes);
  expect(onBEvent.id).toBe(onAEvent.id);
  expect(onAEvent.data?.own).toBe('notes-push');
  expect(onBEvent.data?.own).toBeUndefined();
});
