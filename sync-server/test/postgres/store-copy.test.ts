// store:copy moves a whole store between an embedded DATA_DIR and PostgreSQL in both directions; every API
// answer is the same before and after each move (and the owner's cookie keeps working).
import { rm } from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import { copyStore } from '../../src/storage/copy-store.ts';
import { makeTempDir, startTestServer, type TestServer } from '../helpers.ts';
import { createTestDatabase, dropTestDatabase } from '../test-database.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function fill(s: TestServer, cookie: string): Promise<void> {
  const api = (method: string, path: string, body?: unknown, withCookie = true) =>
    s.api(method, path, { body, cookie: withCookie ? cookie : undefined }).then((res) => {
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    });
  const notes = [];
  for (let i = 0; i < 5; i++) {
    notes.push(
      await api('POST', '/api/notes', {
        title: `Note ${i}`,
        content: `Body ${i}`,
        tags: [`t${i % 2}`],
        clientId: `c${i}`,
      }),
    );
  }
  await api('PUT', `/api/notes/${notes[1].id}`, { title: 'Edited', baseVersion: 1 });
  await api('DELETE', `/api/notes/${notes[2].id}`);
  const settings = (await s.api('GET', '/api/user/settings', { cookie })).body;
  await api('PUT', '/api/user/settings', { ...settings, theme: 'dark' });
  const published = await api('POST', '/api/admin/blog', {
    title: 'Published',
    content: '# Hi\n\ntext',
    tags: ['news'],
    published: true,
  });
  await api('POST', '/api/admin/blog', { title: 'Draft', content: 'draft', published: false });
  await api(
    'POST',
    `/api/blog/${published.id}/comments`,
    { author: 'Pat', email: 'pat@example.com', content: 'Nice' },
    false,
  );
  await api(
    'POST',
    '/api/subscribe',
    { email: 'reader@example.com', name: 'Rea', interests: ['tech'] },
    false,
  );
  await api('POST', '/api/reviews', {
    reviews: [{ id: 'r1', cardId: 'fc-1', noteId: 'c0', rating: 3, reviewedAt: '2026-11-20T10:00:00.000Z' }],
  });
  await api('POST', '/api/ai/explain', { concept: 'Body' });
}

function withoutCursor(all: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(all).replace(/"cursor":"\d+"/g, '"cursor":"…"'));
}

/** Every GET answer of the API, as the owner and as a visitor. */
async function answers(s: TestServer, cookie: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const get = async (path: string, withCookie = true) => {
    const res = await s.api('GET', path, { cookie: withCookie ? cookie : undefined });
    // Feeds and sitemaps name the site's address: the one the owner signed in at, kept in the store and so
    // copied with it (a copy answered with the source server's port until the owner signs in there).
    const body = JSON.parse(
      JSON.stringify(res.body)
        .replaceAll(s.url, 'ORIGIN')
        .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN'),
    );
    out[`${withCookie ? 'owner' : 'visitor'} ${path}`] = { status: res.status, body };
    return res.body;
  };
  await get('/api/user');
  await get('/api/user/settings');
  const notes = await get('/api/notes');
  for (const note of notes) await get(`/api/notes/${note.id}`);
  await get('/api/notes/changes?since=0');
  await get('/api/reviews?since=0');
  await get('/api/ai/explanations');
  await get('/api/admin/blog');
  await get('/api/admin/subscribers');
  for (const withCookie of [true, false]) {
    const posts = await get('/api/blog', withCookie);
    for (const post of posts) {
      await get(`/api/blog/${post.id}`, withCookie);
      await get(`/api/blog/${post.id}/comments`, withCookie);
    }
    await get('/api/blog/tags', withCookie);
    await get('/api/blog/tags/news', withCookie);
    await get('/rss.xml', withCookie);
    await get('/sitemap.xml', withCookie);
  }
  return out;
}

it('copies an embedded DATA_DIR into an empty PostgreSQL database and back, with the same API answers', async () => {
  const embedded = await startTestServer({ databaseUrl: null, sessionSecret: null });
  const cookie = await embedded.login();
  await fill(embedded, cookie);
  // View counts are batched in memory and written at the latest on close: write them before comparing.
  await embedded.handle.services.blog.flushViews();
  const original = await answers(embedded, cookie);
  expect(Object.keys(original).length).toBeGreaterThan(25);
  await embedded.close({ keepData: true });
  cleanups.push(() => rm(embedded.dataDir, { recursive: true, force: true }));

  const databaseUrl = await createTestDatabase();
  cleanups.push(() => dropTestDatabase(databaseUrl));
  const counts = await copyStore(embedded.dataDir, databaseUrl);
  expect(counts).toMatchObject({
    notes: 4,
    noteTombstones: 1,
    posts: 2,
    comments: 1,
    subscribers: 1,
    reviews: 1,
  });
  const onPostgres = await startTestServer({ databaseUrl });
  // The changes cursor may move past the copy's last sequence (start-up bookkeeping such as the mail module's
  // meta); what must hold is that no change is missed from it, checked just below.
  expect(withoutCursor(await answers(onPostgres, cookie))).toEqual(withoutCursor(original));
  // A note written on PostgreSQL gets a change sequence after every copied one: device cursors stay valid.
  const cursor = Number(
    (original['owner /api/notes/changes?since=0'] as { body: { cursor: string } }).body.cursor,
  );
  const fresh = await onPostgres.api('POST', '/api/notes', {
    cookie,
    body: { title: 'later', content: '', tags: [] },
  });
  const changes = await onPostgres.api('GET', `/api/notes/changes?since=${cursor}`, { cookie });
  expect(changes.body.notes.map((n: { id: number }) => n.id)).toEqual([fresh.body.id]);
  await onPostgres.api('DELETE', `/api/notes/${fresh.body.id}`, { cookie });
  const afterPostgres = await answers(onPostgres, cookie);
  await onPostgres.close();

  const exported = await makeTempDir('pn-export-');
  await rm(exported, { recursive: true });
  cleanups.push(() => rm(exported, { recursive: true, force: true }));
  await copyStore(databaseUrl, exported);
  const back = await startTestServer({ databaseUrl: null, dataDir: exported });
  expect(withoutCursor(await answers(back, cookie))).toEqual(withoutCursor(afterPostgres));
  await back.close({ keepData: true });
});

it('refuses to copy into a target that already holds data, and changes nothing', async () => {
  const embedded = await startTestServer({ databaseUrl: null });
  await embedded.close({ keepData: true });
  cleanups.push(() => rm(embedded.dataDir, { recursive: true, force: true }));
  const databaseUrl = await createTestDatabase();
  cleanups.push(() => dropTestDatabase(databaseUrl));
  await copyStore(embedded.dataDir, databaseUrl);
  await expect(copyStore(embedded.dataDir, databaseUrl)).rejects.toThrow(/already holds data/);
  await expect(copyStore(databaseUrl, embedded.dataDir)).rejects.toThrow(/is not empty/);
  await expect(copyStore(embedded.dataDir, embedded.dataDir)).rejects.toThrow(/one of each/);
});
