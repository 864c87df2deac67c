// Compressed once, replayed as bytes: every public cached answer (blog JSON, feed, server-rendered page,
// build file) in br, gzip and identity, through Express and then through the fast path, decompresses to the
// same bytes, with the right Content-Encoding and Vary, and a 304 for its ETag. A write to the blog makes
// new pages and variants; a note autosave, a sign-in or a view keeps them.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from './blog-fixtures.ts';
import { ensureWebAppBuilt } from './built-web-app.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** As sent on the wire (still compressed). */
  body: Buffer;
}

/** node:http rather than fetch: fetch decompresses on its own and adds no-cache to conditional requests. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
}

/** Express answers carry a fresh CSP nonce; replayed ones carry none. */
const replayed = (answer: RawAnswer) => !/'nonce-/.test(String(answer.headers['content-security-policy']));

const ENCODINGS = [
  { accept: 'gzip, deflate, br', expected: 'br' },
  { accept: 'gzip', expected: 'gzip' },
  { accept: '', expected: undefined },
] as const;

describe('compressed once, replayed as bytes', () => {
  let s: TestServer;
  let cookie: string;
  let copy: string;
  let script: string;

  beforeAll(async () => {
    ensureWebAppBuilt();
    // A private copy (other builds may replace web/dist), inside node_modules so the server bundle resolves.
    copy = path.join(root, 'node_modules/.cache/pn-compressed-test', String(process.pid));
    cpSync(path.join(root, 'web/dist'), path.join(copy, 'dist'), { recursive: true });
    cpSync(path.join(root, 'web/dist-ssr'), path.join(copy, 'dist-ssr'), { recursive: true });
    // The copy is precompressed here, so the test does not depend on how the build was run.
    const precompress = spawnSync(process.execPath, ['scripts/precompress.mjs', path.join(copy, 'dist')], {
      cwd: root,
    });
    if (precompress.status !== 0) throw new Error(String(precompress.stderr));
    const assets = readdirSync(path.join(copy, 'dist/assets'));
    script = `/assets/${assets.find((name) => /^entry-client-.*\.js$/.test(name))}`;
    s = await startTestServer({ webDistDir: path.join(copy, 'dist') });
    cookie = await s.login();
    await createPost(s, cookie, {
      title: 'Compressed once',
      content: 'Words. '.repeat(400),
      published: true,
    });
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  const urls = () => ['/api/blog', '/rss.xml', '/blog', '/privacy-policy', script];

  it('br, gzip and identity decompress to the same bytes, with the right Content-Encoding and Vary', async () => {
    for (const url of urls()) {
      const identity = await rawGet(s.url + url);
      expect(identity.status, url).toBe(200);
      expect(identity.body.length, url).toBeGreaterThan(1024);
      for (const { accept, expected } of ENCODINGS) {
        // The first through Express (or already replayed), the second surely from the fast path.
        for (let i = 0; i < 2; i++) {
          const answer = await rawGet(s.url + url, accept ? { 'accept-encoding': accept } : {});
          expect(answer.status, url).toBe(200);
          expect(answer.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
          expect(answer.headers.vary, url).toMatch(/Accept-Encoding/);
          expect(Number(answer.headers['content-length']), url).toBe(answer.body.length);
          expect(decoded(answer).equals(identity.body), `${url} ${accept}`).toBe(true);
          expect(answer.headers.etag, url).toBe(identity.headers.etag);
          expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
          expect(answer.headers['content-security-policy'], url).toContain("default-src 'self'");
          if (i === 1) expect(replayed(answer), url).toBe(true);
        }
      }
    }
  });

  it('pages keep varying on the session, scripts stay immutable', async () => {
    const page = await rawGet(`${s.url}/blog`, { 'accept-encoding': 'br' });
    expect(page.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const asset = await rawGet(s.url + script, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers 304 to a matching ETag for every variant, through Express and the fast path', async () => {
    for (const url of urls()) {
      const { etag } = (await rawGet(s.url + url)).headers;
      for (const { accept } of ENCODINGS) {
        for (let i = 0; i < 2; i++) {
          const answer = await rawGet(s.url + url, {
            ...(accept ? { 'accept-encoding': accept } : {}),
            'if-none-match': String(etag),
          });
          expect(answer.status, `${url} ${accept}`).toBe(304);
          expect(answer.body.length).toBe(0);
          expect(answer.headers.etag).toBe(etag);
          expect(answer.headers['content-encoding']).toBeUndefined();
          expect(answer.headers.vary, url).toMatch(/Accept-Encoding/);
        }
      }
      const stale = await rawGet(s.url + url, { 'accept-encoding': 'br', 'if-none-match': 'W/"old"' });
      expect(stale.status).toBe(200);
    }
  });

  it('a blog write makes a new page and new variants', async () => {
    const before = await rawGet(`${s.url}/blog`, { 'accept-encoding': 'br' });
    await rawGet(`${s.url}/blog`, { 'accept-encoding': 'br' });
    await createPost(s, cookie, { title: 'A brand new post', published: true });
    for (const accept of ['br', 'gzip', '']) {
      const after = await rawGet(`${s.url}/blog`, accept ? { 'accept-encoding': accept } : {});
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(decoded(after).toString('utf8')).toContain('A brand new post');
    }
    const feed = await rawGet(`${s.url}/rss.xml`, { 'accept-encoding': 'gzip' });
    expect(decoded(feed).toString('utf8')).toContain('A brand new post');
  });

  it('a note autosave, a sign-in and a view keep the cached page and its variants', async () => {
    await rawGet(`${s.url}/blog`, { 'accept-encoding': 'br' });
    const cached = await rawGet(`${s.url}/blog`, { 'accept-encoding': 'br' });
    expect(replayed(cached)).toBe(true);
    const post = (await s.api('GET', '/api/blog')).body[0];

    const note = await s.api('POST', '/api/notes', { cookie, body: { title: 'Draft', content: 'first' } });
    expect(note.status).toBe(201);
    const saved = await s.api('PUT', `/api/notes/${note.body.id}`, {
      cookie,
      body: { title: 'Draft', content: 'second', baseVersion: note.body.version },
    });
    expect(saved.status).toBe(200);
    await s.login();
    expect((await s.api('POST', `/api/blog/${post.id}/view`)).status).toBe(200);
    await s.handle.services.blog.flushViews();

    const after = await rawGet(`${s.url}/blog`, { 'accept-encoding': 'br' });
    expect(after.headers.etag).toBe(cached.headers.etag);
    expect(after.body.equals(cached.body)).toBe(true);
    expect(replayed(after)).toBe(true);
  });
});
