// The public read path as a browser meets it, through the replay in front of Express: a post page, a tag
// page, the sitemap and the blog list with a browser's Accept-Encoding (br among four), gzip and identity;
// HEAD with the GET's headers and no body; 304 for the ETag; an edited post's page made again at once;
// and one request line for every request, replayed or not, with its method, status and redacted URL.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublicFastPath } from '../src/routes/public-fast-path.ts';
import { createPost } from './blog-fixtures.ts';
import { copyBuiltWebApp } from './built-web-app.ts';
import { captureLog } from './capture-log.ts';
import { makeTempDir, OWNER_PASSWORD, startTestServer, type TestServer } from './helpers.ts';

/** What Chromium sends. */
const BROWSER = 'br, gzip, deflate, zstd';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Answered by the replay in front of Express (pages carry no nonce either way: this is how to tell). */
  replayed: boolean;
}

/** Every call of the replay, with what it returned (null: Express answered). */
const serve = vi.spyOn(PublicFastPath.prototype, 'serve');

/** node:http rather than fetch: fetch decompresses on its own and adds no-cache to conditional requests. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            // Requests go one at a time: the last call of the replay was this request's.
            replayed: serve.mock.results.at(-1)?.value != null,
          }),
        );
      })
      .on('error', reject)
      .end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

const replayed = (answer: RawAnswer) => answer.replayed;

/** Headers that must be the same on a replay as on Express's answer (Date and the nonce are per response). */
const KEPT = [
  'content-type',
  'content-encoding',
  'content-length',
  'cache-control',
  'etag',
  'vary',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('public answers replayed in front of Express', () => {
  const web = copyBuiltWebApp('pn-public-replay-test');
  const log = captureLog();
  let s: TestServer;
  let cookie: string;
  let postId: number;
  let postPath: string;
  let closed = false;

  beforeAll(async () => {
    s = await startTestServer(
      { webDistDir: web.webDistDir, logRequests: true },
      { logDestination: log.destination },
    );
    cookie = await s.login();
    for (let i = 1; i <= 3; i++)
      await createPost(s, cookie, {
        title: `Replayed post ${i}`,
        content: `Paragraph ${i}. `.repeat(300),
        tags: ['replay'],
        published: true,
      });
    const posts = (await s.api('GET', '/api/blog')).body as Array<{ id: number }>;
    postId = posts[0]!.id;
    const redirect = await raw(`${s.url}/blog/post/${postId}`);
    postPath = redirect.status >= 300 && redirect.status < 400 ? String(redirect.headers.location) : '';
    expect(postPath).toMatch(new RegExp(`^/blog/post/${postId}/`));
  }, 180_000);

  afterAll(async () => {
    if (!closed) await s?.close();
    web.remove();
  });

  const paths = () => [postPath, '/blog/tags/replay', '/sitemap.xml', '/blog', '/api/blog'];

  it('answers a browser’s Accept-Encoding, gzip and identity from the replay with Express’s headers', async () => {
    for (const path of paths()) {
      for (const accept of [BROWSER, 'gzip', '']) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
        const first = await raw(s.url + path, headers);
        const second = await raw(s.url + path, headers);
        expect(second.status, path).toBe(200);
        expect(replayed(second), `${path} ${accept}`).toBe(true);
        // Answers under 1 KB are sent as they are: compressing them saves less than its headers cost.
        const compressed = decoded(first).length >= 1024;
        expect(second.headers['content-encoding'], `${path} ${accept}`).toBe(
          !compressed ? undefined : accept === BROWSER ? 'br' : accept === 'gzip' ? 'gzip' : undefined,
        );
        expect(Number(second.headers['content-length'])).toBe(second.body.length);
        expect(decoded(second)).toBe(decoded(first));
        for (const name of KEPT)
          expect(second.headers[name], `${path} ${accept} ${name}`).toBe(first.headers[name]);
        expect(second.headers['content-security-policy'], path).toContain("default-src 'self'");
        expect(second.headers.date, path).toBeDefined();
      }
    }
  });

  it('answers HEAD with the GET’s headers and no body', async () => {
    for (const path of paths()) {
      const get = await raw(s.url + path, { 'accept-encoding': BROWSER });
      expect(replayed(get), path).toBe(true);
      const head = await raw(s.url + path, { 'accept-encoding': BROWSER }, 'HEAD');
      expect(head.status, path).toBe(200);
      expect(replayed(head), path).toBe(true);
      expect(head.body.length, path).toBe(0);
      for (const name of KEPT) expect(head.headers[name], `${path} ${name}`).toBe(get.headers[name]);
    }
  });

  it('answers 304 to the ETag from the replay, and in full to another or to no-cache', async () => {
    for (const path of paths()) {
      const { etag } = (await raw(s.url + path, { 'accept-encoding': BROWSER })).headers;
      const notModified = await raw(s.url + path, {
        'accept-encoding': BROWSER,
        'if-none-match': String(etag),
      });
      expect(notModified.status, path).toBe(304);
      expect(replayed(notModified), path).toBe(true);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['content-encoding']).toBeUndefined();
      const other = await raw(s.url + path, { 'accept-encoding': BROWSER, 'if-none-match': 'W/"other"' });
      expect(other.status, path).toBe(200);
      const fresh = await raw(s.url + path, {
        'accept-encoding': BROWSER,
        'if-none-match': String(etag),
        'cache-control': 'no-cache',
      });
      expect(fresh.status, path).toBe(200);
    }
  });

  it('makes an edited post’s page again at once, then replays the new one', async () => {
    const before = await raw(s.url + postPath, { 'accept-encoding': BROWSER });
    expect(replayed(before)).toBe(true);
    const edited = await s.api('PUT', `/api/admin/blog/${postId}`, {
      cookie,
      body: { content: 'Edited words. '.repeat(200) },
    });
    expect(edited.status).toBe(200);
    const after = await raw(s.url + postPath, { 'accept-encoding': BROWSER });
    expect(after.status).toBe(200);
    expect(replayed(after)).toBe(false);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(after)).toContain('Edited words.');
    const again = await raw(s.url + postPath, { 'accept-encoding': BROWSER });
    expect(replayed(again)).toBe(true);
    expect(decoded(again)).toBe(decoded(after));
    // The tag page and the sitemap show the post too: they are made again as well.
    for (const path of ['/blog/tags/replay', '/sitemap.xml'])
      expect(replayed(await raw(s.url + path, { 'accept-encoding': BROWSER })), path).toBe(false);
  });

  it('writes one request line for each request, replayed or not, with its method, status and URL', async () => {
    const url = '/api/blog?reset_token=secret-value';
    const before = log.entries().length;
    const answers: RawAnswer[] = [];
    answers.push(await raw(s.url + url, { 'accept-encoding': BROWSER }));
    answers.push(await raw(s.url + url, { 'accept-encoding': BROWSER }));
    answers.push(await raw(s.url + url, {}, 'HEAD'));
    const etag = String(answers[0]!.headers.etag);
    answers.push(await raw(s.url + url, { 'if-none-match': etag }));
    for (let i = 0; i < 20; i++) answers.push(await raw(s.url + url, { 'accept-encoding': 'gzip' }));
    expect(answers.filter(replayed).length).toBeGreaterThanOrEqual(answers.length - 1);
    // Closing hands over the lines still waiting to be written together.
    await s.close();
    closed = true;
    const lines = log.entries().slice(before);
    const mine = lines.filter((line) => line.req?.url?.startsWith('/api/blog?'));
    expect(mine).toHaveLength(answers.length);
    expect(mine.map((line) => `${line.req.method} ${line.res.statusCode}`)).toEqual(
      answers.map((answer, i) => `${i === 2 ? 'HEAD' : 'GET'} ${answer.status}`),
    );
    expect(mine.map((line) => line.res.statusCode)).toContain(304);
    for (const line of mine) {
      expect(line.req.url).toBe('/api/blog?reset_token=[redacted]');
      expect(line).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { remoteAddress: '127.0.0.1' },
      });
      expect(typeof line.responseTime).toBe('number');
    }
  });
});

describe('a server whose standard output is a file (as a service manager keeps it)', () => {
  it('writes every request line there, the replayed ones too, and nothing is lost at a stop', async () => {
    const dir = await makeTempDir('pn-log-file-');
    const logFile = path.join(dir, 'server.log');
    const out = openSync(logFile, 'w');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/server.ts')],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: path.join(dir, 'data'),
          OWNER_PASSWORD,
          LOG_REQUESTS: 'true',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', out, out],
      },
    );
    closeSync(out);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      let url = '';
      await vi.waitFor(
        () => {
          url = readFileSync(logFile, 'utf8').match(/listening on (http:\/\/[\d.]+:\d+)/)?.[1] ?? '';
          expect(url).not.toBe('');
        },
        { timeout: 30_000, interval: 100 },
      );
      const answers: RawAnswer[] = [];
      for (let i = 0; i < 30; i++) answers.push(await raw(`${url}/api/blog`, { 'accept-encoding': BROWSER }));
      answers.push(await raw(`${url}/api/blog`, {}, 'HEAD'));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lines = readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
        .filter((line) => line.req?.url === '/api/blog');
      expect(lines.map((line) => line.req.method)).toEqual([...Array(30).fill('GET'), 'HEAD']);
      expect(lines.every((line) => line.res.statusCode === 200 && line.msg === 'request completed')).toBe(
        true,
      );
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
