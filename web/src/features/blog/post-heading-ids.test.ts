// A post whose headings are named like the page's own anchors ("Comments", "Table of Contents"), fetched
// over HTTP from the real server with the built web app: each id appears once in the page, `#comments`
// still belongs to the comments section, and the table of contents links to the headings' own ids.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../sync-server/test/helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const built = existsSync(path.join(root, 'web/dist-ssr/entry-server.js'));

describe.skipIf(!built)("post heading ids never take the page's own ids", () => {
  let server: TestServer;
  let copy: string;
  let html: string;

  beforeAll(async () => {
    // A private copy: other builds may replace web/dist while this runs.
    copy = path.join(root, 'node_modules/.cache/pn-heading-ids-test', String(process.pid));
    cpSync(path.join(root, 'web/dist'), path.join(copy, 'dist'), { recursive: true });
    cpSync(path.join(root, 'web/dist-ssr'), path.join(copy, 'dist-ssr'), { recursive: true });
    server = await startTestServer({ webDistDir: path.join(copy, 'dist') });
    const cookie = await server.login();
    const created = await server.api('POST', '/api/admin/blog', {
      cookie,
      body: {
        title: 'On comments',
        content:
          '# Comments\n\nWhy readers write back.\n\n## Main\n\nThe main point.\n\n## Comments\n\nAgain.',
        tags: [],
        published: true,
      },
    });
    expect(created.status).toBe(201);
    html = await (await fetch(`${server.url}/blog/post/${created.body.id}/on-comments`)).text();
  });

  afterAll(async () => {
    await server?.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('gives every element a distinct id, and #comments is the comments section', () => {
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(html).toContain('<h1 id="comments-1">Comments</h1>');
    expect(html).toContain('<h2 id="main-1">Main</h2>');
    expect(html).toContain('<h2 id="comments-2">Comments</h2>');
    expect(html).toMatch(/<section[^>]*\sid="comments"/);
  });

  it('links the table of contents to the headings, and the comments link to the comments', () => {
    expect(html).toContain('href="#comments-1"');
    expect(html).toContain('href="#main-1"');
    expect(html).toContain('href="#comments-2"');
    expect(html).toContain('href="#comments"');
  });
});
