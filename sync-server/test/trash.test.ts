// The Trash over real HTTP: a delete moves the note there (it still leaves GET /api/notes and the feed says
// so), restore brings it back with its history, delete forever and empty remove it and its revisions at once,
// and the purge job removes notes trashed more than 30 days ago.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
let clock = Date.parse('2026-02-01T08:00:00.000Z');
/** Moves the server's clock (Date only: timers and sockets keep running). */
function advance(ms: number) {
  clock += ms;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
}

async function noteWithHistory(title: string) {
  const created = await s.api('POST', '/api/notes', {
    cookie,
    body: { title, content: 'first', tags: ['t'], clientId: `c-${title.replace(/\W/g, '')}` },
  });
  expect(created.status).toBe(201);
  const edited = await s.api('PUT', `/api/notes/${created.body.id}`, {
    cookie,
    body: { content: 'second', baseVersion: 1 },
  });
  expect(edited.status).toBe(200);
  return edited.body as { id: number; version: number; clientId: string };
}

async function trash() {
  const res = await s.api('GET', '/api/trash', { cookie });
  expect(res.status).toBe(200);
  return res.body as Array<{
    id: number;
    title: string;
    content: string;
    deletedAt: string;
    purgeAt: string;
  }>;
}

function revisionCount(noteId: number) {
  return s.handle.store.filter('noteRevisions', (r) => r.noteId === noteId).length;
}

describe('the Trash', () => {
  it('a delete moves the note to the Trash: gone from the list, named in the feed, listed with its text', async () => {
    advance(0);
    const note = await noteWithHistory('Recipe');
    const before = await s.api('GET', '/api/notes/changes', { cookie });
    expect((await s.api('DELETE', `/api/notes/${note.id}?version=2`, { cookie })).status).toBe(204);
    const list = await s.api('GET', '/api/notes', { cookie });
    expect(list.body.map((n: { id: number }) => n.id)).not.toContain(note.id);
    expect((await s.api('GET', `/api/notes/${note.id}`, { cookie })).status).toBe(404);
    const feed = await s.api('GET', `/api/notes/changes?since=${before.body.cursor}`, { cookie });
    expect(feed.body.deleted).toEqual([note.id]);
    const [entry] = (await trash()).filter((t) => t.id === note.id);
    expect(entry).toMatchObject({ title: 'Recipe', content: 'second', version: 2, tags: ['t'] });
    expect(Date.parse(entry!.purgeAt) - Date.parse(entry!.deletedAt)).toBe(30 * DAY);
    expect(revisionCount(note.id)).toBe(1);
  });

  it('restore brings the note back under its id with its history, and the feed tells other devices', async () => {
    advance(0);
    const note = await noteWithHistory('Plans');
    await s.api('DELETE', `/api/notes/${note.id}?version=2`, { cookie });
    const before = await s.api('GET', '/api/notes/changes', { cookie });
    const restored = await s.api('POST', `/api/trash/${note.id}/restore`, { cookie });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      id: note.id,
      content: 'second',
      version: 3,
      clientId: note.clientId,
    });
    expect((await trash()).map((t) => t.id)).not.toContain(note.id);
    const history = await s.api('GET', `/api/notes/${note.id}/revisions`, { cookie });
    expect(history.body.map((r: { version: number }) => r.version)).toEqual([1]);
    const feed = await s.api('GET', `/api/notes/changes?since=${before.body.cursor}`, { cookie });
    expect(feed.body.notes.map((n: { id: number }) => n.id)).toEqual([note.id]);
    // Restoring twice, or a note never deleted: 404, nothing changes.
    expect((await s.api('POST', `/api/trash/${note.id}/restore`, { cookie })).status).toBe(404);
    expect((await s.api('POST', '/api/trash/999999/restore', { cookie })).status).toBe(404);
    expect((await s.api('POST', '/api/trash/x/restore', { cookie })).status).toBe(400);
  });

  it('delete forever removes the note and its revisions at once; it can no longer be restored', async () => {
    advance(0);
    const note = await noteWithHistory('Secret');
    await s.api('DELETE', `/api/notes/${note.id}?version=2`, { cookie });
    expect((await s.api('DELETE', `/api/trash/${note.id}`, { cookie })).status).toBe(204);
    expect(revisionCount(note.id)).toBe(0);
    expect((await trash()).map((t) => t.id)).not.toContain(note.id);
    expect(JSON.stringify(s.handle.store.get('noteTombstones', note.id))).not.toContain('second');
    expect((await s.api('POST', `/api/trash/${note.id}/restore`, { cookie })).status).toBe(404);
    expect((await s.api('DELETE', `/api/trash/${note.id}`, { cookie })).status).toBe(404);
    // Still a delete for the feed and for a retried create.
    const retry = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Secret', content: 'x', tags: [], clientId: note.clientId },
    });
    expect(retry.status).toBe(410);
  });

  it('empty removes every note in the Trash and their revisions', async () => {
    advance(0);
    const a = await noteWithHistory('Empty A');
    const b = await noteWithHistory('Empty B');
    await s.api('DELETE', `/api/notes/${a.id}`, { cookie });
    await s.api('DELETE', `/api/notes/${b.id}`, { cookie });
    const emptied = await s.api('DELETE', '/api/trash', { cookie });
    expect(emptied.status).toBe(200);
    expect(emptied.body.removed).toBeGreaterThanOrEqual(2);
    expect(await trash()).toEqual([]);
    expect(revisionCount(a.id) + revisionCount(b.id)).toBe(0);
    expect((await s.api('DELETE', '/api/trash', { cookie })).body).toEqual({ removed: 0 });
  });

  it('the purge job removes notes trashed more than 30 days ago, with their revisions; younger ones stay', async () => {
    advance(0);
    const old = await noteWithHistory('Old one');
    await s.api('DELETE', `/api/notes/${old.id}`, { cookie });
    advance(20 * DAY);
    const young = await noteWithHistory('Young one');
    await s.api('DELETE', `/api/notes/${young.id}`, { cookie });
    advance(10 * DAY + 1000);
    // Past 30 days the note is no longer answered, even before the purge runs.
    expect((await trash()).map((t) => t.title)).toEqual(['Young one']);
    expect(revisionCount(old.id)).toBe(1);
    await s.handle.services.historyUpkeep.runNow();
    expect(revisionCount(old.id)).toBe(0);
    expect(revisionCount(young.id)).toBe(1);
    expect(s.handle.store.get('noteTombstones', old.id)?.trash).toBeUndefined();
    expect((await trash()).map((t) => t.title)).toEqual(['Young one']);
  });

  it('an edit made elsewhere without seeing the delete restores the note; its Trash text is kept as a revision', async () => {
    advance(0);
    const note = await noteWithHistory('Shared');
    await s.api('DELETE', `/api/notes/${note.id}?version=2`, { cookie });
    const edit = await s.api('PUT', `/api/notes/${note.id}`, {
      cookie,
      body: { title: 'Shared', content: 'edited elsewhere', tags: [], baseVersion: 2 },
    });
    expect(edit.status).toBe(200);
    expect((await trash()).map((t) => t.id)).not.toContain(note.id);
    const history = await s.api('GET', `/api/notes/${note.id}/revisions`, { cookie });
    expect(history.body.map((r: { version: number }) => r.version)).toEqual([2, 1]);
  });

  it('owner only', async () => {
    for (const [method, path] of [
      ['GET', '/api/trash'],
      ['DELETE', '/api/trash'],
      ['DELETE', '/api/trash/1'],
      ['POST', '/api/trash/1/restore'],
    ] as const) {
      expect((await s.api(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});
