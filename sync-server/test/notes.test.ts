// The notes API over real HTTP: CRUD, filters, idempotent creates, stale updates, tombstones, the feed.

import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { noteTooLongMessage } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());

async function create(body: Record<string, unknown>) {
  const res = await s.api('POST', '/api/notes', {
    cookie,
    body: { title: 't', content: 'c', tags: [], ...body },
  });
  expect(res.status).toBe(201);
  return res.body;
}

function snapshot() {
  return JSON.stringify([s.handle.store.all('notes'), s.handle.store.all('noteTombstones')]);
}

describe('anonymous', () => {
  it.each([
    ['GET', '/api/notes'],
    ['GET', '/api/notes/changes'],
    ['GET', '/api/notes/1'],
    ['POST', '/api/notes'],
    ['PUT', '/api/notes/1'],
    ['DELETE', '/api/notes/1'],
  ])('%s %s answers 401', async (method, path) => {
    const before = snapshot();
    const res = await s.api(method, path, {
      body: method === 'POST' || method === 'PUT' ? { title: 'x' } : undefined,
    });
    expect(res).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
    expect(snapshot()).toBe(before);
  });
});

describe('create', () => {
  it('creates with defaults and version 1', async () => {
    const res = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: '  ', content: '# Hi', tags: ['a', 'a'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Untitled Note',
      content: '# Hi',
      tags: ['a'],
      version: 1,
      userId: 1,
    });
    expect(res.body.clientId).toBeNull();
    expect(res.body.createdAt).toBe(res.body.updatedAt);
    expect(res.body).not.toHaveProperty('seq');
  });

  it('keeps the dates a device or an import gives, in UTC; refuses a malformed one', async () => {
    const res = await s.api('POST', '/api/notes', {
      cookie,
      body: {
        title: 'Old',
        content: 'x',
        createdAt: '2019-03-01T10:00:00+02:00',
        updatedAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(res.body).toMatchObject({
      createdAt: '2019-03-01T08:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
    });
    const clamped = await s.api('POST', '/api/notes', {
      cookie,
      body: {
        title: 'Odd clock',
        content: 'x',
        createdAt: '2020-01-02T00:00:00Z',
        updatedAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(clamped.body.updatedAt).toBe('2020-01-02T00:00:00.000Z');
    const bad = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'x', content: '', createdAt: 'yesterday' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^createdAt: /);
  });

  it('is idempotent by clientId: a repeat answers 200 with the same note', async () => {
    const body = { title: 'Once', content: 'x', tags: [], clientId: 'client-abc_1' };
    const first = await s.api('POST', '/api/notes', { cookie, body });
    const again = await s.api('POST', '/api/notes', { cookie, body: { ...body, title: 'Twice?' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(s.handle.store.filter('notes', (n) => n.clientId === 'client-abc_1')).toHaveLength(1);
  });

  it('concurrent retries with one clientId create one note', async () => {
    const body = { title: 'Race', content: 'x', tags: [], clientId: 'race-1' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => s.api('POST', '/api/notes', { cookie, body })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  });

  it('answers 410 for a retried create of a note deleted since', async () => {
    const note = await create({ clientId: 'gone-1' });
    expect((await s.api('DELETE', `/api/notes/${note.id}`, { cookie })).status).toBe(204);
    const retry = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 't', content: 'c', clientId: 'gone-1' },
    });
    expect(retry).toMatchObject({ status: 410, body: { message: 'Note was deleted', id: note.id } });
  });

  it.each([
    [{ content: 'x' }, /^title: /],
    [{ title: 5, content: 'x' }, /^title: /],
    [{ title: 'x', content: null }, /^content: /],
    [{ title: 'x'.repeat(201), content: 'x' }, 'title: must be at most 200 characters'],
    [{ title: 'x', content: 'x', tags: 'a' }, /^tags: /],
    [{ title: 'x', content: 'x', tags: [''] }, 'tags.0: must not be empty'],
    [{ title: 'x', content: 'x', clientId: 'bad id!' }, /^clientId: /],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const before = snapshot();
    const res = await s.api('POST', '/api/notes', { cookie, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(snapshot()).toBe(before);
  });

  it('refuses invalid JSON and oversize bodies', async () => {
    const before = snapshot();
    expect(await s.api('POST', '/api/notes', { cookie, rawBody: '{"title": "x",' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid JSON body' },
    });
    const huge = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'x', content: 'x'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(noteTooLongMessage(1_100_000));
    expect(snapshot()).toBe(before);
  });
});

describe('list and get', () => {
  it('filters by search, all tags and date range; newest first; only own notes', async () => {
    const fresh = await startTestServer();
    try {
      const c = await fresh.login();
      const post = (body: object) => fresh.api('POST', '/api/notes', { cookie: c, body });
      await post({ title: 'Alpha', content: 'about Cats', tags: ['pets', 'cats'] });
      await post({ title: 'Beta', content: 'dogs', tags: ['pets'] });
      await post({ title: 'Gamma', content: 'nothing', tags: ['Zebra'] });
      // Age one note by a year through the store (the API never backdates).
      await fresh.handle.store.write((tx) =>
        tx.update('notes', 1, { updatedAt: '2020-01-01T00:00:00.000Z' }),
      );
      // Another user's note must never show.
      await fresh.handle.store.write((tx) =>
        tx.insert('notes', {
          title: 'Alien',
          content: 'cats',
          tags: ['pets'],
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          userId: 99,
          version: 1,
          clientId: null,
          seq: tx.seq,
        }),
      );
      const titles = async (q: string) =>
        (await fresh.api('GET', `/api/notes${q}`, { cookie: c })).body.map((n: { title: string }) => n.title);
      expect(await titles('')).toEqual(['Gamma', 'Beta', 'Alpha']);
      expect(await titles('?search=CATS')).toEqual(['Alpha']);
      expect(await titles('?search=zebra')).toEqual(['Gamma']);
      expect(await titles('?tags=pets')).toEqual(['Beta', 'Alpha']);
      expect(await titles('?tags=pets&tags=cats')).toEqual(['Alpha']);
      expect(await titles('?dateRange=week')).toEqual(['Gamma', 'Beta']);
      expect(await titles('?dateRange=month&tags=pets')).toEqual(['Beta']);
      const bad = await fresh.api('GET', '/api/notes?dateRange=decade', { cookie: c });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^dateRange: /);
      expect((await fresh.api('GET', '/api/notes/4', { cookie: c })).status).toBe(404);
      expect((await fresh.api('GET', '/api/notes/2', { cookie: c })).body.title).toBe('Beta');
    } finally {
      await fresh.close();
    }
  });

  it('ranks ?search= the way the app does: title first, typos, accents, phrases, exclusions, tags', async () => {
    const fresh = await startTestServer();
    try {
      const c = await fresh.login();
      const post = (body: object) => fresh.api('POST', '/api/notes', { cookie: c, body });
      await post({
        title: 'Garden log',
        content: 'The velquarin opened. Coffee at the café.',
        tags: ['garden'],
      });
      await post({ title: 'Velquarin', content: 'A rare flower.', tags: ['plants'] });
      await post({ title: 'Kitchen', content: 'naïve marmalade with a harpsichord playing', tags: [] });
      const titles = async (q: string) =>
        (await fresh.api('GET', `/api/notes?search=${encodeURIComponent(q)}`, { cookie: c })).body.map(
          (n: { title: string }) => n.title,
        );
      expect(await titles('velquerin ')).toEqual(['Velquarin', 'Garden log']);
      expect(await titles('cafe')).toEqual(['Garden log']);
      expect(await titles('naive')).toEqual(['Kitchen']);
      expect(await titles('harpsichord marmalade')).toEqual(['Kitchen']);
      expect(await titles('"velquarin opened"')).toEqual(['Garden log']);
      expect(await titles('velquarin -coffee')).toEqual(['Velquarin']);
      expect(await titles('velquarin tag:garden')).toEqual(['Garden log']);
      // An edit is found by the next search, and the old text no longer.
      await fresh.api('PUT', '/api/notes/3', { cookie: c, body: { content: 'toast only' } });
      expect(await titles('marmalade')).toEqual([]);
      expect(await titles('toast')).toEqual(['Kitchen']);
      await fresh.api('DELETE', '/api/notes/2', { cookie: c });
      expect(await titles('velquarin')).toEqual(['Garden log']);
    } finally {
      await fresh.close();
    }
  });

  it('validates id params: bad shape 400, unknown 404', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999']) {
      const res = await s.api('GET', `/api/notes/${id}`, { cookie });
      expect(res.status, id).toBe(400);
      expect(res.body.message).toBe('id: must be a positive whole number');
    }
    expect(await s.api('GET', '/api/notes/987654', { cookie })).toMatchObject({
      status: 404,
      body: { message: 'Note not found' },
    });
  });
});

describe('update', () => {
  it('bumps the version on each write and applies only given fields', async () => {
    const note = await create({ title: 'Old', content: 'body', tags: ['x'] });
    const res = await s.api('PUT', `/api/notes/${note.id}`, {
      cookie,
      body: { title: 'New', baseVersion: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: note.id, title: 'New', content: 'body', tags: ['x'], version: 2 });
    const again = await s.api('PUT', `/api/notes/${note.id}`, { cookie, body: { content: 'changed' } });
    expect(again.body.version).toBe(3);
    expect(Date.parse(again.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(note.updatedAt));
    const blank = await s.api('PUT', `/api/notes/${note.id}`, { cookie, body: { title: '' } });
    expect(blank.body.title).toBe('Untitled Note');
  });

  it('answers 409 with the server note for a stale baseVersion, changing nothing', async () => {
    const note = await create({ title: 'Shared' });
    await s.api('PUT', `/api/notes/${note.id}`, { cookie, body: { content: 'device A', baseVersion: 1 } });
    const before = snapshot();
    const stale = await s.api('PUT', `/api/notes/${note.id}`, {
      cookie,
      body: { content: 'device B', baseVersion: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Note was changed elsewhere');
    expect(stale.body.note).toMatchObject({ id: note.id, content: 'device A', version: 2 });
    expect(snapshot()).toBe(before);
  });

  it('validates input and ids, and 404s unknown notes', async () => {
    const note = await create({});
    const before = snapshot();
    for (const body of [{ title: 7 }, { tags: [1] }, { baseVersion: 'one' }, { content: 5 }]) {
      const res = await s.api('PUT', `/api/notes/${note.id}`, { cookie, body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.message).toMatch(/^(title|tags\.0|baseVersion|content): /);
    }
    expect((await s.api('PUT', '/api/notes/abc', { cookie, body: { title: 'x' } })).status).toBe(400);
    expect((await s.api('PUT', `/api/notes/${note.id}`, { cookie, rawBody: '[' })).status).toBe(400);
    expect(snapshot()).toBe(before);
    expect(await s.api('PUT', '/api/notes/99999', { cookie, body: { title: 'x' } })).toMatchObject({
      status: 404,
      body: { message: 'Note not found' },
    });
  });
});

describe('delete and the changes feed', () => {
  it('tombstones deletes: 204 again for a deleted note, 404 for one that never existed', async () => {
    const note = await create({});
    expect((await s.api('DELETE', `/api/notes/${note.id}`, { cookie })).status).toBe(204);
    expect((await s.api('DELETE', `/api/notes/${note.id}`, { cookie })).status).toBe(204);
    expect((await s.api('GET', `/api/notes/${note.id}`, { cookie })).status).toBe(404);
    expect(await s.api('DELETE', '/api/notes/424242', { cookie })).toMatchObject({
      status: 404,
      body: { message: 'Note not found' },
    });
    expect((await s.api('DELETE', '/api/notes/x1', { cookie })).status).toBe(400);
  });

  it('a delete carrying an older version is refused with 409 and the note, changing nothing', async () => {
    const note = await create({ title: 'Seen at v1' });
    await s.api('PUT', `/api/notes/${note.id}`, { cookie, body: { content: 'edit at v2', baseVersion: 1 } });
    const before = snapshot();
    const stale = await s.api('DELETE', `/api/notes/${note.id}?version=1`, { cookie });
    expect(stale.status).toBe(409);
    expect(stale.body.note).toMatchObject({ id: note.id, content: 'edit at v2', version: 2 });
    expect(snapshot()).toBe(before);
    for (const q of ['version=0', 'version=x', 'version=-1']) {
      expect((await s.api('DELETE', `/api/notes/${note.id}?${q}`, { cookie })).status, q).toBe(400);
    }
    expect(snapshot()).toBe(before);
    expect((await s.api('DELETE', `/api/notes/${note.id}?version=2`, { cookie })).status).toBe(204);
    // Already deleted: repeating it is harmless, whatever version it names.
    expect((await s.api('DELETE', `/api/notes/${note.id}?version=1`, { cookie })).status).toBe(204);
  });

  it('an edit arriving after a delete restores the note under its id, client id and a higher version', async () => {
    const created = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Phoenix', content: 'v1', tags: ['t'], clientId: 'phoenix-1' },
    });
    const note = created.body;
    expect((await s.api('DELETE', `/api/notes/${note.id}?version=1`, { cookie })).status).toBe(204);
    const cursor = (await s.api('GET', '/api/notes/changes', { cookie })).body.cursor;
    // A partial edit cannot rebuild the note: it stays deleted.
    expect((await s.api('PUT', `/api/notes/${note.id}`, { cookie, body: { title: 'x' } })).status).toBe(404);
    const edit = await s.api('PUT', `/api/notes/${note.id}`, {
      cookie,
      body: { title: 'Phoenix', content: 'edited offline', tags: ['t'], baseVersion: 1 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      id: note.id,
      clientId: 'phoenix-1',
      content: 'edited offline',
      version: 2,
      createdAt: note.createdAt,
    });
    expect((await s.api('GET', `/api/notes/${note.id}`, { cookie })).body.content).toBe('edited offline');
    const changes = await s.api('GET', `/api/notes/changes?since=${cursor}`, { cookie });
    expect(changes.body.notes.map((n: { id: number }) => n.id)).toEqual([note.id]);
    expect(changes.body.deleted).toEqual([]);
    // The client id belongs to a live note again: a retried create answers it.
    const retried = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Phoenix', content: 'v1', clientId: 'phoenix-1' },
    });
    expect(retried).toMatchObject({ status: 200, body: { id: note.id } });
  });

  it('lists changes after a cursor, deletions included, paging with more', async () => {
    const start = await s.api('GET', '/api/notes/changes', { cookie });
    expect(start.status).toBe(200);
    const cursor0 = start.body.cursor;
    expect(cursor0).toMatch(/^\d+$/);

    const a = await create({ title: 'feed A' });
    const b = await create({ title: 'feed B' });
    await s.api('PUT', `/api/notes/${a.id}`, { cookie, body: { title: 'feed A2' } });
    await s.api('DELETE', `/api/notes/${b.id}`, { cookie });

    const changes = await s.api('GET', `/api/notes/changes?since=${cursor0}`, { cookie });
    expect(changes.body.notes.map((n: { title: string }) => n.title)).toEqual(['feed A2']);
    // From the start (a new device) the feed lists the notes only: there is nothing there to delete.
    const fromStart = await s.api('GET', '/api/notes/changes?limit=5000', { cookie });
    expect(fromStart.body.deleted).toEqual([]);
    expect(fromStart.body.notes.map((n: { id: number }) => n.id)).toContain(a.id);
    expect(fromStart.body.notes.map((n: { id: number }) => n.id)).not.toContain(b.id);
    expect(fromStart.body.total).toBe(fromStart.body.notes.length);
    expect(changes.body.deleted).toEqual([b.id]);
    expect(changes.body.more).toBe(false);
    expect(Number(changes.body.cursor)).toBeGreaterThan(Number(cursor0));

    const empty = await s.api('GET', `/api/notes/changes?since=${changes.body.cursor}`, { cookie });
    expect(empty.body).toEqual({
      notes: [],
      deleted: [],
      cursor: changes.body.cursor,
      more: false,
      total: 0,
      // A server never restored from a backup (see backup-integrity.test.ts).
      restoreEpoch: 'original',
    });

    // `total` counts the notes from this page to the end of the feed (deletions are not notes): a first sync
    // counts what it has received against the first page's total.
    expect(changes.body.total).toBe(1);
    const page1 = await s.api('GET', `/api/notes/changes?since=${cursor0}&limit=1`, { cookie });
    expect(page1.body.notes).toHaveLength(1);
    expect(page1.body.more).toBe(true);
    expect(page1.body.total).toBe(1);
    const page2 = await s.api('GET', `/api/notes/changes?since=${page1.body.cursor}&limit=1`, { cookie });
    expect(page2.body.deleted).toEqual([b.id]);
    expect(page2.body.more).toBe(false);
    expect(page2.body.total).toBe(0);

    for (const q of ['since=abc', 'since=-1', 'limit=0', 'limit=x', 'limit=5001']) {
      expect((await s.api('GET', `/api/notes/changes?${q}`, { cookie })).status, q).toBe(400);
    }
  });
});

describe('the changes feed on the wire', () => {
  it('is compressed as the browser asks (br, else gzip): a new device pulls a tenth of the bytes', async () => {
    for (let i = 0; i < 20; i++) await create({ title: `wire ${i}`, content: `wire note ${i} `.repeat(100) });
    const url = `${s.url}/api/notes/changes?limit=1000`;
    const plain = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decodes bodies itself, so the raw bytes are read through node:http below.
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(url, { headers: { cookie, 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plainBytes)).toBe(true);
    expect(br.body.length).toBeLessThan(plainBytes.length / 5);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plainBytes)).toBe(true);
  });
});
