// A device that merged its edit with another device's pushes the merged text with reason 'merge': the server
// keeps the version it replaces as a 'merge' revision (pinned: thinning never removes it), so the text before a
// merge is in History.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());

it("keeps the text a 'merge' replaces, right after an ordinary edit", async () => {
  const text = 'First paragraph of the note.\n\nSecond paragraph of the note.\n';
  const created = await s.api('POST', '/api/notes', {
    cookie,
    body: { title: 'T', content: text, tags: [] },
  });
  const id = (created.body as { id: number }).id;
  const put = (body: Record<string, unknown>) => s.api('PUT', `/api/notes/${id}`, { cookie, body });
  expect((await put({ content: `${text}b`, baseVersion: 1 })).status).toBe(200);
  expect((await put({ content: `${text}c`, baseVersion: 2 })).status).toBe(200);
  expect((await put({ content: `${text}c + d`, baseVersion: 3, reason: 'merge' })).status).toBe(200);
  const list = await s.api('GET', `/api/notes/${id}/revisions`, { cookie });
  expect(
    (list.body as Array<{ version: number; reason: string }>).map((r) => `${r.version}:${r.reason}`),
  ).toEqual(['3:merge', '2:edit', '1:edit']);
});
