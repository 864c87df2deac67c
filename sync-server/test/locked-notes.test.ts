// The server's rules for locked notes over real HTTP (both stores; docs/decisions/locked-notes-server.md): it
// keeps a locked note's ciphertext byte for byte through edits, revisions, the Trash and conflicts, refuses a
// malformed one or one with a title or tags beside its ciphertext (400, nothing stored), never merges one,
// drops a note's plain history when it is locked, and no server feature that reads note text (search, AI,
// convert to a post, attachment garbage collection) reads or acts on one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectAttachmentGarbage, DAY_MS } from '../src/attachments/attachment-gc.ts';
import { png, sha256Of, upload } from './attachment-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { lockedText, makeVault, type TestVault } from './vault-fixtures.ts';

const FIELDS_MESSAGE =
  'A locked note keeps its title and tags inside its encrypted text; send an empty title and no tags.';
const TEXT_MESSAGE = 'This note is locked: its text is only on your devices.';

let s: TestServer;
let cookie: string;
let made: TestVault;
beforeAll(async () => {
  s = await startTestServer({
    attachments: {
      maxBytes: 200_000,
      quotaBytes: 2_000_000,
      gcGraceMs: 30 * DAY_MS,
      gcIntervalMs: 0,
      maxImagePixels: 50_000_000,
    },
  });
  cookie = await s.login();
  made = await makeVault();
});
afterAll(() => s.close());

let counter = 0;
async function createLocked(content = 'Dear diary') {
  const clientId = `locked-${++counter}`;
  const text = lockedText(made, clientId, { title: 'Secret title', content, tags: ['private'] });
  const res = await s.api('POST', '/api/notes', {
    cookie,
    body: { title: '', content: text, tags: [], clientId },
  });
  expect(res.status).toBe(201);
  return { clientId, text, note: res.body };
}

const noteCount = () => s.handle.store.all('notes').length;

describe('a locked note', () => {
  it('is stored as sent: the ciphertext unchanged, the title empty (no placeholder), no tags', async () => {
    const { text, note } = await createLocked();
    expect(note).toMatchObject({ title: '', content: text, tags: [], version: 1 });
    expect((await s.api('GET', `/api/notes/${note.id}`, { cookie })).body.content).toBe(text);
    const feed = (await s.api('GET', '/api/notes/changes', { cookie })).body;
    expect(feed.notes.find((n: { id: number }) => n.id === note.id)).toMatchObject({
      title: '',
      content: text,
    });
  });

  it('is refused with 400 when its text does not parse, or when it has a title or tags, storing nothing', async () => {
    const { text } = await createLocked();
    const lines = text.split('\n');
    const before = noteCount();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [
        { title: '', content: lines.slice(0, 4).join('\n') },
        'This locked note is damaged: it has 4 lines, not 5.',
      ],
      [
        { title: '', content: ['pnlocked.1', lines[1], 'pnenc.1.xc20p.???', lines[3], lines[4]].join('\n') },
        /damaged/,
      ],
      [
        { title: '', content: 'pnlocked.9\nx' },
        /locked by a newer version of Private Notes \(locked note version 9\)/,
      ],
      [{ title: '', content: 'pnlocked.\nwhatever' }, /version is missing or not a number/],
      [{ title: 'Diary', content: text }, FIELDS_MESSAGE],
      [{ title: '', content: text, tags: ['health'] }, FIELDS_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const res = await s.api('POST', '/api/notes', {
        cookie,
        body: { ...body, clientId: `bad-${++counter}` },
      });
      expect(res.status, String(body.content).slice(0, 40)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    // The batch the sync engine pushes answers the same, change by change, and keeps the good ones.
    const batch = await s.api('POST', '/api/notes/batch', {
      cookie,
      body: {
        changes: [
          { op: 'create', clientId: `bad-${++counter}`, title: 'Leaked title', content: text, tags: [] },
          { op: 'create', clientId: `ok-${++counter}`, title: 'Plain', content: 'plain text', tags: [] },
        ],
      },
    });
    expect(batch.body.results.map((r: { status: number }) => r.status)).toEqual([400, 201]);
    expect(batch.body.results[0].body.message).toBe(FIELDS_MESSAGE);
    expect(noteCount()).toBe(before + 1);
  });

  it('refuses an edit that would leave a title or tags beside the ciphertext, or damage it, changing nothing', async () => {
    const { note, text } = await createLocked();
    for (const body of [
      { title: 'Now with a title', baseVersion: 1 },
      { tags: ['oops'], baseVersion: 1 },
      { content: `${text}\nextra line`, baseVersion: 1 },
    ]) {
      const res = await s.api('PUT', `/api/notes/${note.id}`, { cookie, body });
      expect(res.status).toBe(400);
    }
    // A plain note locked by a partial edit keeps its title beside the ciphertext: refused too.
    const plain = await s.api('POST', '/api/notes', { cookie, body: { title: 'Shopping', content: 'eggs' } });
    const partial = await s.api('PUT', `/api/notes/${plain.body.id}`, {
      cookie,
      body: { content: lockedText(made, 's1', { title: 'Shopping', content: 'eggs' }), baseVersion: 1 },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe(FIELDS_MESSAGE);
    expect((await s.api('GET', `/api/notes/${note.id}`, { cookie })).body).toMatchObject({
      content: text,
      version: 1,
    });
    expect((await s.api('GET', `/api/notes/${plain.body.id}`, { cookie })).body).toMatchObject({
      content: 'eggs',
    });
  });

  it('is never merged on a conflict: a stale edit gets 409 with the server’s ciphertext, unchanged', async () => {
    const { note, clientId } = await createLocked('first words');
    const a = lockedText(made, clientId, { title: 'T', content: 'first words, then device A' });
    const b = lockedText(made, clientId, { title: 'T', content: 'first words, then device B' });
    expect(
      (await s.api('PUT', `/api/notes/${note.id}`, { cookie, body: { content: a, baseVersion: 1 } })).status,
    ).toBe(200);
    const stale = await s.api('PUT', `/api/notes/${note.id}`, {
      cookie,
      body: { content: b, baseVersion: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.note).toMatchObject({ content: a, version: 2, title: '' });
    const batch = await s.api('POST', '/api/notes/batch', {
      cookie,
      body: { changes: [{ op: 'update', id: note.id, content: b, title: '', tags: [], baseVersion: 1 }] },
    });
    expect(batch.body.results[0].status).toBe(409);
    expect(batch.body.results[0].body.note.content).toBe(a);
    // The device merges both sides after decrypting, and sends the result as a conflict resolution.
    const merged = lockedText(made, clientId, { title: 'T', content: 'first words, then device A and B' });
    const resolved = await s.api('PUT', `/api/notes/${note.id}`, {
      cookie,
      body: { content: merged, title: '', tags: [], baseVersion: 2, reason: 'conflict' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.content).toBe(merged);
  });

  it('keeps ciphertext revisions as ordinary edits, and its Trash and restore carry the ciphertext unchanged', async () => {
    const { note, clientId, text } = await createLocked('v1');
    let previous = text;
    for (let v = 1; v <= 3; v++) {
      const next = lockedText(made, clientId, { title: 'T', content: `v${v + 1}` });
      const res = await s.api('PUT', `/api/notes/${note.id}`, {
        cookie,
        body: { content: next, baseVersion: v },
      });
      expect(res.status).toBe(200);
      const revisions = (await s.api('GET', `/api/notes/${note.id}/revisions`, { cookie })).body;
      // Every ciphertext differs throughout from the last: still an edit (thinned later), not a pinned rewrite.
      expect(revisions[0]).toMatchObject({ version: v, reason: 'edit', title: '' });
      const full = await s.api('GET', `/api/notes/${note.id}/revisions/${revisions[0].id}`, { cookie });
      expect(full.body.content).toBe(previous);
      previous = next;
    }
    expect((await s.api('DELETE', `/api/notes/${note.id}?version=4`, { cookie })).status).toBe(204);
    const trash = (await s.api('GET', '/api/trash', { cookie })).body;
    expect(trash.find((t: { id: number }) => t.id === note.id)).toMatchObject({
      title: '',
      content: previous,
      tags: [],
    });
    const restored = await s.api('POST', `/api/trash/${note.id}/restore`, { cookie });
    expect(restored.status).toBe(200);
    expect((await s.api('GET', `/api/notes/${note.id}`, { cookie })).body).toMatchObject({
      title: '',
      content: previous,
    });
  });

  it('locking a plain note drops its plain history: no revision keeps the text it had', async () => {
    const plain = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Health', content: 'blood pressure 120/80', tags: ['health'], clientId: 'to-lock' },
    });
    const id = plain.body.id;
    await s.api('PUT', `/api/notes/${id}`, {
      cookie,
      body: { content: 'blood pressure 118/79', baseVersion: 1 },
    });
    expect((await s.api('GET', `/api/notes/${id}/revisions`, { cookie })).body).toHaveLength(1);
    const locked = lockedText(made, 'to-lock', {
      title: 'Health',
      content: 'blood pressure 118/79',
      tags: ['health'],
    });
    const res = await s.api('PUT', `/api/notes/${id}`, {
      cookie,
      body: { title: '', content: locked, tags: [], baseVersion: 2 },
    });
    expect(res.status).toBe(200);
    expect((await s.api('GET', `/api/notes/${id}/revisions`, { cookie })).body).toEqual([]);
    const stored = JSON.stringify(s.handle.store.toSnapshot());
    expect(stored).not.toContain('blood pressure');
    // Later edits of the locked note keep their (ciphertext) revisions as usual.
    const again = lockedText(made, 'to-lock', { title: 'Health', content: 'blood pressure 121/80' });
    await s.api('PUT', `/api/notes/${id}`, { cookie, body: { content: again, baseVersion: 3 } });
    const revisions = (await s.api('GET', `/api/notes/${id}/revisions`, { cookie })).body;
    expect(revisions).toHaveLength(1);
    // Unlocking is an explicit act too: the note gets its title back and its ciphertext stays in the history.
    const unlocked = await s.api('PUT', `/api/notes/${id}`, {
      cookie,
      body: { content: 'blood pressure 121/80', baseVersion: 4 },
    });
    expect(unlocked.body).toMatchObject({ title: 'Untitled Note', content: 'blood pressure 121/80' });
  });
});

describe('server features that read note text', () => {
  it('search never finds a locked note, whatever piece of its ciphertext is asked for', async () => {
    const { text } = await createLocked('a findable plain word would be zebra');
    const envelope = text.split('\n')[3]!;
    // A base64url piece can begin with "-", which search reads as "without": 1 run in 64 then listed every
    // other note (a fresh-clone CI run, 2026-11-28). The piece starts after any leading "-".
    const chunk = envelope.split('.').at(-1)!.replace(/^-+/, '').slice(0, 12);
    for (const query of ['pnlocked', 'pnenc', chunk, 'zebra']) {
      const res = await s.api('GET', `/api/notes?search=${encodeURIComponent(query)}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.body, query).toEqual([]);
    }
    await s.api('POST', '/api/notes', { cookie, body: { title: 'Zoo', content: 'a plain zebra' } });
    expect(
      (await s.api('GET', '/api/notes?search=zebra', { cookie })).body.map((n: { title: string }) => n.title),
    ).toEqual(['Zoo']);
  });

  it('the AI helpers refuse a locked note’s text, and convert-to-post refuses a locked note, creating nothing', async () => {
    const { text, note } = await createLocked();
    for (const path of ['suggest-tags', 'extract-insights', 'key-insights', 'generate-flashcards']) {
      const res = await s.api('POST', `/api/notes/${path}`, { cookie, body: { content: text } });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe(TEXT_MESSAGE);
    }
    const posts = s.handle.store.all('posts').length;
    const convert = await s.api('POST', '/api/ai/generate-blog', { cookie, body: { noteId: note.id } });
    expect(convert.status).toBe(400);
    expect(convert.body.message).toBe(TEXT_MESSAGE);
    expect(s.handle.store.all('posts')).toHaveLength(posts);
  });

  it('explain never uses a locked note as a source', async () => {
    const locked = await createLocked('Photosynthesis turns light into sugar.');
    // A locked text's first line is "pnlocked.1": an explanation drawn from every note would quote it.
    expect(locked.note.content).not.toContain('Photosynthesis');
    expect(locked.note.content.startsWith('pnlocked.1\n')).toBe(true);
    const alone = await s.api('POST', '/api/ai/explain', { cookie, body: { concept: 'pnlocked' } });
    expect(alone.status).toBe(201);
    expect(alone.body.explanation).toMatch(/None of your notes mention "pnlocked"/);
  });

  it('attachment garbage collection takes nothing while a locked note without a declared list exists (its references are sealed)', async () => {
    await createLocked();
    const image = await png(21, 21);
    expect((await upload(s, cookie, image)).status).toBe(201);
    const { store, services } = s.handle;
    const t0 = new Date();
    // A locked note without `lockedFiles` exists (an older app's): the unreferenced image is neither marked nor,
    // a year later, removed (locked-files-gc.test.ts: with every locked note declaring, collection runs).
    expect(await collectAttachmentGarbage(store, services.attachments, 30 * DAY_MS, t0)).toMatchObject({
      marked: 0,
      removed: 0,
    });
    const later = new Date(t0.getTime() + 365 * DAY_MS);
    expect((await collectAttachmentGarbage(store, services.attachments, 30 * DAY_MS, later)).removed).toBe(0);
    expect(store.lookup('attachments', 'sha256', sha256Of(image))?.unreferencedSince).toBeNull();
  });
});
