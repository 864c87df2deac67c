// Revision history over real HTTP: when revisions are kept, what they hold, retention, and deletes taking them.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ revisionRetentionDays: 90 });
  cookie = await s.login();
});
afterAll(() => s.close());
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;
let clock = Date.parse('2026-01-10T09:00:00.000Z');
/** Moves the server's clock (Date only: timers and sockets keep running). */
function advance(ms: number) {
  clock += ms;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
}

async function create(title: string, content: string) {
  const res = await s.api('POST', '/api/notes', { cookie, body: { title, content, tags: ['x'] } });
  expect(res.status).toBe(201);
  return res.body as { id: number; version: number };
}

async function edit(id: number, body: Record<string, unknown>) {
  const res = await s.api('PUT', `/api/notes/${id}`, { cookie, body });
  expect(res.status).toBe(200);
  return res.body as { version: number };
}

async function revisions(id: number) {
  const res = await s.api('GET', `/api/notes/${id}/revisions`, { cookie });
  expect(res.status).toBe(200);
  return res.body as Array<{ id: number; version: number; reason: string; title: string }>;
}

describe('keeping revisions', () => {
  it('keeps the replaced text at most every 10 minutes of editing', async () => {
    advance(0);
    const note = await create('Essay', 'draft one');
    await edit(note.id, { content: 'draft two', baseVersion: 1 }); // first edit: v1 kept
    advance(3 * MINUTE);
    await edit(note.id, { content: 'draft three', baseVersion: 2 }); // 3 min later: nothing kept
    advance(11 * MINUTE);
    await edit(note.id, { content: 'draft four', baseVersion: 3 }); // 14 min after the first: v3 kept
    const list = await revisions(note.id);
    expect(list.map((r) => [r.version, r.reason])).toEqual([
      [3, 'edit'],
      [1, 'edit'],
    ]);
    expect(list[0]).not.toHaveProperty('content');
    const one = await s.api('GET', `/api/notes/${note.id}/revisions/${list[1]!.id}`, { cookie });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      noteId: note.id,
      version: 1,
      title: 'Essay',
      content: 'draft one',
      tags: ['x'],
    });
    expect(one.body).not.toHaveProperty('userId');
  });

  it('always keeps the text before an overwrite: a restore, an import, a conflict, a PUT without base version', async () => {
    advance(0);
    const note = await create('Plan', 'p1');
    await edit(note.id, { content: 'p2', baseVersion: 1 });
    await edit(note.id, { content: 'p3', baseVersion: 2, reason: 'restore' });
    await edit(note.id, { content: 'p4', baseVersion: 3, reason: 'import' });
    await edit(note.id, { content: 'p5', baseVersion: 4, reason: 'conflict' });
    await edit(note.id, { content: 'p6' });
    const list = await revisions(note.id);
    expect(list.map((r) => `${r.version}:${r.reason}`)).toEqual([
      '5:overwrite',
      '4:conflict',
      '3:import',
      '2:restore',
      '1:edit',
    ]);
    const bad = await s.api('PUT', `/api/notes/${note.id}`, {
      cookie,
      body: { content: 'x', reason: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^reason: /);
  });

  it('a delete takes the revisions with it; a note restored by a later edit starts a fresh history', async () => {
    advance(0);
    const note = await create('Gone', 'g1');
    await edit(note.id, { content: 'g2', baseVersion: 1 });
    expect(await revisions(note.id)).toHaveLength(1);
    expect((await s.api('DELETE', `/api/notes/${note.id}?version=2`, { cookie })).status).toBe(204);
    expect(s.handle.store.filter('noteRevisions', (r) => r.noteId === note.id)).toEqual([]);
    expect((await s.api('GET', `/api/notes/${note.id}/revisions`, { cookie })).status).toBe(404);
    await edit(note.id, { title: 'Gone', content: 'g3', baseVersion: 2 });
    expect(await revisions(note.id)).toEqual([]);
  });
});

describe('retention and access', () => {
  it('revisions past the retention period are neither answered nor kept', async () => {
    advance(0);
    const note = await create('Old', 'o1');
    await edit(note.id, { content: 'o2', baseVersion: 1 });
    const [kept] = await revisions(note.id);
    advance(91 * 24 * 60 * MINUTE);
    expect(await revisions(note.id)).toEqual([]);
    expect((await s.api('GET', `/api/notes/${note.id}/revisions/${kept!.id}`, { cookie })).status).toBe(404);
    expect(await s.handle.services.revisions.pruneExpired()).toBeGreaterThanOrEqual(1);
    expect(s.handle.store.get('noteRevisions', kept!.id)).toBeUndefined();
  });

  it('owner only, ids validated, a revision read through its own note only', async () => {
    advance(0);
    const a = await create('A', 'a1');
    await edit(a.id, { content: 'a2', baseVersion: 1 });
    const b = await create('B', 'b1');
    const [revision] = await revisions(a.id);
    expect((await s.api('GET', `/api/notes/${a.id}/revisions`)).status).toBe(401);
    expect((await s.api('GET', `/api/notes/${a.id}/revisions/${revision!.id}`)).status).toBe(401);
    expect((await s.api('GET', `/api/notes/${b.id}/revisions/${revision!.id}`, { cookie })).status).toBe(404);
    expect((await s.api('GET', `/api/notes/${a.id}/revisions/x`, { cookie })).status).toBe(400);
    expect((await s.api('GET', '/api/notes/0/revisions', { cookie })).status).toBe(400);
    expect((await s.api('GET', '/api/notes/999999/revisions', { cookie })).status).toBe(404);
  });
});
