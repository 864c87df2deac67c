// POST /api/notes/batch over real HTTP: many changes in one transaction, one result each, the per-note rules
// (idempotent creates, versions, revisions, the Trash) applied identically, a refused change undone alone.
import { NOTE_BATCH_MAX, NOTE_CONTENT_MAX, noteTooLongMessage } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());

let counter = 0;
const clientId = () => `batch-${++counter}`;

function batch(changes: unknown[]) {
  return s.api('POST', '/api/notes/batch', { cookie, body: { changes } });
}

async function createOne(title: string, content = 'text') {
  const res = await s.api('POST', '/api/notes', { cookie, body: { title, content, clientId: clientId() } });
  expect(res.status).toBe(201);
  return res.body as { id: number; version: number; clientId: string };
}

function snapshot() {
  return JSON.stringify([
    s.handle.store.all('notes'),
    s.handle.store.all('noteTombstones'),
    s.handle.store.all('noteRevisions'),
  ]);
}

describe('POST /api/notes/batch', () => {
  it('answers 401 without a session and changes nothing', async () => {
    const before = snapshot();
    const res = await s.api('POST', '/api/notes/batch', {
      body: { changes: [{ op: 'create', clientId: 'x', title: 't', content: 'c' }] },
    });
    expect(res).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
    expect(snapshot()).toBe(before);
  });

  it('creates, updates and deletes in one transaction, answering each change as its own endpoint would', async () => {
    const edited = await createOne('to edit');
    const doomed = await createOne('to delete');
    const seqBefore = s.handle.store.seq;
    const id = clientId();
    const res = await batch([
      { op: 'create', clientId: id, title: '  New  ', content: 'fresh', tags: ['a', 'a'] },
      { op: 'update', id: edited.id, baseVersion: 1, title: 'edited', content: 'edited text', tags: [] },
      { op: 'delete', id: doomed.id, version: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      {
        status: 201,
        body: expect.objectContaining({
          title: 'New',
          content: 'fresh',
          tags: ['a'],
          version: 1,
          clientId: id,
        }),
      },
      { status: 200, body: expect.objectContaining({ id: edited.id, content: 'edited text', version: 2 }) },
      { status: 204 },
    ]);
    // One transaction for the three: the store's sequence moved by one.
    expect(s.handle.store.seq).toBe(seqBefore + 1);
    // The same side effects as the per-note endpoints: the edit kept the text it replaced, the delete is in
    // the Trash, the create is listed.
    const history = await s.api('GET', `/api/notes/${edited.id}/revisions`, { cookie });
    expect(history.body).toEqual([expect.objectContaining({ version: 1, title: 'to edit' })]);
    const trash = await s.api('GET', '/api/trash', { cookie });
    expect(trash.body).toContainEqual(expect.objectContaining({ id: doomed.id, title: 'to delete' }));
    expect((await s.api('GET', `/api/notes/${doomed.id}`, { cookie })).status).toBe(404);
  });

  it('a refused change answers its own error and is undone alone; the others are kept', async () => {
    const stale = await createOne('stale');
    await s.api('PUT', `/api/notes/${stale.id}`, { cookie, body: { content: 'elsewhere', baseVersion: 1 } });
    const kept = await createOne('kept');
    const revisionsBefore = s.handle.store.all('noteRevisions').length;
    const first = clientId();
    const last = clientId();
    const long = 'x'.repeat(NOTE_CONTENT_MAX + 1);
    const res = await batch([
      { op: 'create', clientId: first, title: 'first', content: 'one' },
      // A stale edit: 409 with the server's note, as PUT answers.
      { op: 'update', id: stale.id, baseVersion: 1, title: 'stale', content: 'mine' },
      { op: 'update', id: 999_999, title: 'gone', content: 'x' },
      { op: 'delete', id: kept.id, version: 7 },
      { op: 'create', title: 'no client id', content: 'x' },
      { op: 'rename', id: 1 },
      null,
      { op: 'create', clientId: clientId(), title: 'long', content: long },
      { op: 'create', clientId: last, title: 'last', content: 'two' },
    ]);
    expect(res.status).toBe(200);
    const results = res.body.results as Array<{ status: number; body?: Record<string, unknown> }>;
    expect(results.map((r) => r.status)).toEqual([201, 409, 404, 409, 400, 400, 400, 413, 201]);
    expect(results[1]!.body).toMatchObject({
      message: 'Note was changed elsewhere',
      note: { id: stale.id, version: 2, content: 'elsewhere' },
    });
    expect(results[2]!.body).toEqual({ message: 'Note not found' });
    expect(results[3]!.body).toMatchObject({ note: { id: kept.id, version: 1 } });
    expect(results[4]!.body!.message).toMatch(/^clientId: /);
    expect(results[7]!.body).toEqual({ message: noteTooLongMessage(long.length) });
    const notes = s.handle.store.all('notes');
    expect(notes.filter((n) => n.clientId === first || n.clientId === last)).toHaveLength(2);
    expect(notes.find((n) => n.id === stale.id)).toMatchObject({ content: 'elsewhere', version: 2 });
    expect(notes.find((n) => n.id === kept.id)).toMatchObject({ version: 1 });
    expect(s.handle.store.all('noteRevisions')).toHaveLength(revisionsBefore);
  });

  it('a replayed batch (its answer lost) answers the same notes and duplicates nothing', async () => {
    const target = await createOne('replayed edit');
    const ids = [clientId(), clientId()];
    const changes = [
      { op: 'create', clientId: ids[0], title: 'a', content: 'a' },
      { op: 'create', clientId: ids[1], title: 'b', content: 'b' },
      { op: 'delete', id: target.id, version: 1 },
    ];
    const first = await batch(changes);
    const count = s.handle.store.all('notes').length;
    const again = await batch(changes);
    expect(again.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200, 204]);
    expect(again.body.results[0].body).toEqual(first.body.results[0].body);
    expect(again.body.results[1].body).toEqual(first.body.results[1].body);
    expect(s.handle.store.all('notes')).toHaveLength(count);
    expect(s.handle.store.all('noteTombstones').filter((t) => t.id === target.id)).toHaveLength(1);
  });

  it('a create whose note was deleted since answers 410, as POST /api/notes does', async () => {
    const id = clientId();
    const made = await batch([{ op: 'create', clientId: id, title: 'x', content: 'x' }]);
    const note = made.body.results[0].body as { id: number };
    await s.api('DELETE', `/api/notes/${note.id}`, { cookie });
    const res = await batch([{ op: 'create', clientId: id, title: 'x', content: 'x' }]);
    expect(res.body.results).toEqual([{ status: 410, body: { message: 'Note was deleted', id: note.id } }]);
  });

  it('an edit of a deleted note restores it with its history, as PUT does', async () => {
    const note = await createOne('restored', 'before');
    await s.api('DELETE', `/api/notes/${note.id}`, { cookie });
    const res = await batch([
      { op: 'update', id: note.id, baseVersion: 1, title: 'restored', content: 'after' },
    ]);
    expect(res.body.results[0]).toMatchObject({
      status: 200,
      body: { id: note.id, content: 'after', version: 2 },
    });
    expect((await s.api('GET', `/api/notes/${note.id}`, { cookie })).body.content).toBe('after');
  });

  it('refuses a malformed batch whole with 400 and keeps nothing', async () => {
    const before = snapshot();
    for (const body of [
      {},
      { changes: [] },
      { changes: 'x' },
      { changes: Array.from({ length: NOTE_BATCH_MAX + 1 }, () => ({ op: 'delete', id: 1 })) },
    ]) {
      const res = await s.api('POST', '/api/notes/batch', { cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^changes: /);
    }
    expect(snapshot()).toBe(before);
  });

  it(`takes ${NOTE_BATCH_MAX} notes of 2 KB in one request and one transaction`, async () => {
    const content = 'é'.repeat(2048); // two UTF-8 bytes a character: 4 KB each on the wire
    const seqBefore = s.handle.store.seq;
    const res = await batch(
      Array.from({ length: NOTE_BATCH_MAX }, (_, i) => ({
        op: 'create',
        clientId: clientId(),
        title: `big ${i}`,
        content,
      })),
    );
    expect(res.status).toBe(200);
    expect(res.body.results.every((r: { status: number }) => r.status === 201)).toBe(true);
    expect(s.handle.store.seq).toBe(seqBefore + 1);
  });

  it('the changes feed never splits a batch across pages', async () => {
    const since = Number((await s.api('GET', '/api/notes/changes', { cookie })).body.cursor);
    const made = await batch(
      Array.from({ length: 5 }, (_, i) => ({
        op: 'create',
        clientId: clientId(),
        title: `p${i}`,
        content: 'x',
      })),
    );
    const ids = made.body.results.map((r: { body: { id: number } }) => r.body.id);
    await createOne('after the batch');
    const seen: number[] = [];
    let cursor = String(since);
    for (let more = true; more; ) {
      const page = await s.api('GET', `/api/notes/changes?since=${cursor}&limit=2`, { cookie });
      seen.push(...page.body.notes.map((n: { id: number }) => n.id));
      cursor = page.body.cursor;
      more = page.body.more;
    }
    for (const id of ids) expect(seen).toContain(id);
    expect(seen).toHaveLength(6);
  });
});
