// Revision history over real HTTP: when revisions are kept, what they hold, thinning, retention, and the
// Trash keeping them until a note is deleted forever.
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
  return res.body as Array<{ id: number; version: number; reason: string; title: string; createdAt: string }>;
}

describe('keeping revisions', () => {
  it('keeps the version before every save (the "Tomatoes" case), and nothing for a save that changes nothing', async () => {
    advance(0);
    const note = await create('Essay', 'draft one');
    await edit(note.id, { content: 'draft two', baseVersion: 1 });
    advance(3 * MINUTE);
    await edit(note.id, { content: 'draft two\nTomatoes', baseVersion: 2 }); // 3 min later: v2 kept too
    advance(9 * MINUTE);
    await edit(note.id, { content: 'Shopping: bread', baseVersion: 3 }); // a rewrite: v3 (with Tomatoes) pinned
    await edit(note.id, { content: 'Shopping: bread', baseVersion: 4 }); // no change: nothing kept
    const list = await revisions(note.id);
    expect(list.map((r) => [r.version, r.reason])).toEqual([
      [3, 'rewrite'],
      [2, 'edit'],
      [1, 'edit'],
    ]);
    expect(list[0]).not.toHaveProperty('content');
    const tomatoes = await s.api('GET', `/api/notes/${note.id}/revisions/${list[0]!.id}`, { cookie });
    expect(tomatoes.body.content).toBe('draft two\nTomatoes');
    const one = await s.api('GET', `/api/notes/${note.id}/revisions/${list[2]!.id}`, { cookie });
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

  // Intentionally new with the Trash: a delete keeps the revisions, so a note coming back has its history.
  it('a delete keeps the revisions while the note is in the Trash; a note restored by a later edit has its history', async () => {
    advance(0);
    const note = await create('Gone', 'g1');
    await edit(note.id, { content: 'g2', baseVersion: 1 });
    expect(await revisions(note.id)).toHaveLength(1);
    expect((await s.api('DELETE', `/api/notes/${note.id}?version=2`, { cookie })).status).toBe(204);
    expect(s.handle.store.filter('noteRevisions', (r) => r.noteId === note.id)).toHaveLength(1);
    expect((await s.api('GET', `/api/notes/${note.id}/revisions`, { cookie })).status).toBe(404);
    await edit(note.id, { title: 'Gone', content: 'g3', baseVersion: 2 });
    // v1 from before, and the text it held in the Trash (v2), kept before the edit replaced it.
    expect((await revisions(note.id)).map((r) => r.version)).toEqual([2, 1]);
  });
});

describe('thinning, in the background job', () => {
  it('keeps every save for a day, then the newest of each hour, then of each day; pinned ones always', async () => {
    advance(0);
    const note = await create('Diary', 'entry 0');
    let version = 1;
    // 12 saves 10 minutes apart (two hours), and a rewrite in the middle.
    for (let i = 1; i <= 12; i++) {
      advance(10 * MINUTE);
      const content = i === 6 ? 'all new text, nothing of before' : `entry ${'+'.repeat(i)}`;
      version = (await edit(note.id, { content, baseVersion: version })).version;
    }
    const all = await revisions(note.id);
    expect(all).toHaveLength(12);
    await s.handle.services.historyUpkeep.runNow();
    expect(await revisions(note.id)).toHaveLength(12); // under a day old: all kept

    advance(2 * 24 * 60 * MINUTE);
    await s.handle.services.historyUpkeep.runNow();
    const hourly = await revisions(note.id);
    const hours = new Set(hourly.filter((r) => r.reason === 'edit').map((r) => r.createdAt.slice(0, 13)));
    expect(hourly.filter((r) => r.reason === 'edit')).toHaveLength(hours.size); // one per hour
    expect(hourly.some((r) => r.reason === 'rewrite')).toBe(true);
    expect(hourly.length).toBeLessThan(12);
    // The newest save of the newest hour is the one kept.
    expect(hourly[0]!.version).toBe(all[0]!.version);

    advance(8 * 24 * 60 * MINUTE);
    await s.handle.services.historyUpkeep.runNow();
    const daily = await revisions(note.id);
    // The save after the rewrite replaced nearly all of its text too: both versions are pinned.
    expect(daily.map((r) => r.reason).sort()).toEqual(['edit', 'rewrite', 'rewrite']);
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
