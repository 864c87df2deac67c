// Attachments over real HTTP: idempotent PUT by hash, hash and size checks, type sniffing, downloads for
// anything that could run script, access by publication, Range, ETag/304, EXIF-free public variants and
// garbage collection.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectAttachmentGarbage, DAY_MS } from '../src/attachments/attachment-gc.ts';
import { getBytes, jpegWithGps, png, sha256Of, upload } from './attachment-fixtures.ts';
import { createPost } from './blog-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const LIMIT = 200_000;
let s: TestServer;
let cookie: string;

beforeAll(async () => {
  s = await startTestServer({
    attachments: {
      maxBytes: LIMIT,
      quotaBytes: 10 * LIMIT,
      gcGraceMs: 30 * DAY_MS,
      gcIntervalMs: 0,
      maxImagePixels: 50_000_000,
    },
  });
  cookie = await s.login();
});
afterAll(() => s.close());

const filesDir = () => path.join(s.dataDir, 'attachments');
const tempFiles = () => readdir(path.join(filesDir(), 'tmp'));
const url = (sha: string, query = '') => `${s.url}/api/attachments/${sha}${query}`;

describe('PUT /api/attachments/{sha256}', () => {
  it('stores the file under its hash, fsynced and renamed, and answers its metadata', async () => {
    const bytes = await png(64, 48);
    const sha = sha256Of(bytes);
    const res = await upload(s, cookie, bytes, { name: 'red dot.txt' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sha256: sha,
      mime: 'image/png',
      size: bytes.length,
      name: 'red dot.txt',
    });
    expect(res.body).toMatchObject({ width: 64, height: 48 });
    expect(existsSync(path.join(filesDir(), sha))).toBe(true);
    expect(await tempFiles()).toEqual([]);
    expect(s.handle.store.lookup('attachments', 'sha256', sha)?.size).toBe(bytes.length);
  });

  it('is idempotent: the same bytes again answer 200 with the same record and store nothing new', async () => {
    const bytes = await png(10, 10);
    const first = await upload(s, cookie, bytes, { name: 'a.png' });
    const count = s.handle.store.count('attachments');
    const again = await upload(s, cookie, bytes, { name: 'other name.png' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(s.handle.store.count('attachments')).toBe(count);
  });

  it('refuses bytes that do not match the hash in the address, keeping nothing', async () => {
    const bytes = await png(11, 11);
    const wrong = sha256Of(Buffer.from('something else'));
    const res = await upload(s, cookie, bytes, { sha256: wrong });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/does not match the SHA-256/);
    expect(s.handle.store.lookup('attachments', 'sha256', wrong)).toBeUndefined();
    expect(existsSync(path.join(filesDir(), wrong))).toBe(false);
    expect(await tempFiles()).toEqual([]);
  });

  it('answers 400 for an address that is not a hash and 401 for a visitor', async () => {
    expect((await upload(s, cookie, Buffer.from('x'), { sha256: 'ABC' })).status).toBe(400);
    const res = await upload(s, undefined, Buffer.from('x'));
    expect(res).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
  });

  it('answers 413 with a JSON message beyond the size limit, by declared length or while streaming', async () => {
    const big = Buffer.alloc(LIMIT + 1, 7);
    const declared = await upload(s, cookie, big, { name: 'big.bin' });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('big.bin is too large (195 KB); files can be at most 195 KB');
    // No Content-Length: the server counts while it streams.
    const streamed = await rawPut(sha256Of(big), [big.subarray(0, LIMIT / 2), big.subarray(LIMIT / 2)], {
      chunked: true,
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).message).toMatch(/too large; files can be at most/);
    expect(s.handle.store.lookup('attachments', 'sha256', sha256Of(big))).toBeUndefined();
    expect(await tempFiles()).toEqual([]);
  });

  it('answers 413 when the file would take the total past the quota', async () => {
    const small = await startTestServer({
      attachments: {
        maxBytes: 1000,
        quotaBytes: 1500,
        gcGraceMs: DAY_MS,
        gcIntervalMs: 0,
        maxImagePixels: 50_000_000,
      },
    });
    try {
      const owner = await small.login();
      expect((await upload(small, owner, Buffer.alloc(900, 1), { name: 'one.bin' })).status).toBe(201);
      const over = await upload(small, owner, Buffer.alloc(900, 2), { name: 'two.bin' });
      expect(over.status).toBe(413);
      expect(over.body.message).toBe('two.bin does not fit: attachments may use at most 1.5 KB in total');
      const limits = await small.api('GET', '/api/attachments/limits', { cookie: owner });
      expect(limits.body).toEqual({ maxBytes: 1000, quotaBytes: 1500, usedBytes: 900 });
    } finally {
      await small.close();
    }
  });

  it('keeps nothing from an upload cut off halfway, and the retry then succeeds', async () => {
    const bytes = Buffer.alloc(100_000, 3);
    const sha = sha256Of(bytes);
    await rawPut(sha, [bytes.subarray(0, 50_000)], { declaredLength: bytes.length, cut: true });
    await waitFor(async () => (await tempFiles()).length === 0);
    expect(s.handle.store.lookup('attachments', 'sha256', sha)).toBeUndefined();
    expect(existsSync(path.join(filesDir(), sha))).toBe(false);
    expect((await upload(s, cookie, bytes)).status).toBe(201);
  });
});

describe('types are detected from the bytes', () => {
  it('serves SVG and HTML as downloads in a sandbox, never inline, whatever their names say', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    for (const [bytes, name, mime] of [
      [svg, 'logo.png', 'image/svg+xml'],
      [html, 'photo.jpg', 'text/html'],
      [Buffer.from([0, 1, 2, 3, 4]), 'data.png', 'application/octet-stream'],
    ] as const) {
      const put = await upload(s, cookie, bytes, { name });
      expect(put.body.mime).toBe(mime);
      const res = await getBytes(url(sha256Of(bytes)), { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(mime);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${name}`,
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    }
  });

  it('serves raster images inline', async () => {
    const bytes = await png(5, 5);
    await upload(s, cookie, bytes, { name: 'dot.png' });
    const res = await getBytes(url(sha256Of(bytes)), { cookie });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
  });
});

describe('GET /api/attachments/{sha256}', () => {
  it('is immutable with the hash as ETag, answers 304 to it, and serves byte ranges', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const sha = sha256Of(bytes);
    await upload(s, cookie, bytes, { name: 'range.bin' });
    const full = await getBytes(url(sha), { cookie });
    expect(full.bytes.equals(bytes)).toBe(true);
    expect(full.headers.get('etag')).toBe(`"${sha}"`);
    expect(full.headers.get('cache-control')).toBe('private, max-age=31536000, immutable, no-transform');
    expect(full.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(full.headers.get('accept-ranges')).toBe('bytes');

    const part = await getBytes(url(sha), { cookie, range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(part.bytes.equals(bytes.subarray(10, 20))).toBe(true);
    expect((await getBytes(url(sha), { cookie, range: 'bytes=2000-3000' })).status).toBe(416);

    const cached = await conditionalGetWith(url(sha), `"${sha}"`, cookie);
    expect(cached.status).toBe(304);
  });

  it('answers 404 for an unknown hash and 400 for a width that is not offered', async () => {
    expect((await getBytes(url('f'.repeat(64)), { cookie })).status).toBe(404);
    const bytes = await png(30, 30);
    await upload(s, cookie, bytes);
    const res = await s.api('GET', `/api/attachments/${sha256Of(bytes)}?w=333`, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^w: must be one of 320, 640/);
  });
});

describe('access', () => {
  it('shows visitors only what a published post uses; unpublishing hides it again', async () => {
    const bytes = await png(20, 20);
    const sha = sha256Of(bytes);
    await upload(s, cookie, bytes, { name: 'in-post.png' });
    expect((await getBytes(url(sha))).status).toBe(404);

    const post = await createPost(s, cookie, { content: `Look: ![dot](/api/attachments/${sha})` });
    expect((await getBytes(url(sha))).status).toBe(404);

    await s.api('PUT', `/api/admin/blog/${post.id}`, { cookie, body: { published: true } });
    const visible = await getBytes(url(sha));
    expect(visible.status).toBe(200);
    expect(visible.headers.get('cache-control')).toBe('public, max-age=31536000, immutable, no-transform');
    expect(visible.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    await s.api('PUT', `/api/admin/blog/${post.id}`, { cookie, body: { published: false } });
    expect((await getBytes(url(sha))).status).toBe(404);
    expect((await getBytes(url(sha), { cookie })).status).toBe(200);
  });

  it('a published post’s cover image is public', async () => {
    const bytes = await png(40, 20);
    const sha = sha256Of(bytes);
    await upload(s, cookie, bytes, { name: 'cover.png' });
    await createPost(s, cookie, { published: true, imageUrl: `/api/attachments/${sha}` });
    expect((await getBytes(url(sha))).status).toBe(200);
  });
});

describe('public image variants', () => {
  it('strip EXIF (GPS) from every public copy, resize for ?w= and pick the format from Accept', async () => {
    const photo = await jpegWithGps(800, 600);
    const sha = sha256Of(photo);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    await upload(s, cookie, photo, { name: 'holiday.jpg' });
    const post = await createPost(s, cookie, {
      published: true,
      content: `![holiday](/api/attachments/${sha})`,
    });

    // The post's HTML points at the variants, with the image's size.
    const detail = await s.api('GET', `/api/blog/${post.id}`);
    expect(detail.body.contentHtml).toContain('width="800" height="600"');
    expect(detail.body.contentHtml).toContain(`/api/attachments/${sha}?w=320 320w`);

    // The feed carries the same images with full addresses, for readers on other sites.
    const rss = await (await fetch(`${s.url}/rss.xml`)).text();
    expect(rss).toContain(`src="${s.url}/api/attachments/${sha}"`);
    expect(rss).toMatch(new RegExp(`<enclosure url="${s.url}/api/attachments/[0-9a-f]{64}"`));
    expect(rss).toContain(
      `${s.url}/api/attachments/${sha}?w=320 320w, ${s.url}/api/attachments/${sha}?w=640 640w`,
    );

    // The owner gets the exact bytes back (other devices check them against the hash).
    const owner = await getBytes(url(sha), { cookie });
    expect(owner.bytes.equals(photo)).toBe(true);

    const original = await getBytes(url(sha));
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(original.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    expect(original.bytes.includes(Buffer.from('TestCam'))).toBe(false);

    const webp = await getBytes(url(sha, '?w=320'), { accept: 'image/webp,image/*' });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('vary')).toMatch(/Accept/);
    expect(webp.headers.get('etag')).toBe(`"${sha}-320-webp"`);
    const webpMeta = await sharp(webp.bytes).metadata();
    expect([webpMeta.format, webpMeta.width, webpMeta.height, webpMeta.exif]).toEqual([
      'webp',
      320,
      240,
      undefined,
    ]);

    const avif = await getBytes(url(sha, '?w=640'), { accept: 'image/avif,image/webp,*/*' });
    expect(avif.headers.get('content-type')).toBe('image/avif');
    const avifMeta = await sharp(avif.bytes).metadata();
    expect([avifMeta.width, avifMeta.exif]).toEqual([640, undefined]);

    // Made once: the variant is on disk and served again from there. Publishing queued the AVIF ones the
    // srcset offers (below the image's 800 px) and the default width; the visitors asked for the others.
    await s.handle.services.imageVariants.idle();
    const files = await readdir(path.join(filesDir(), 'variants', sha));
    expect(files.sort()).toEqual(['1920.avif', '1920.jpeg', '320.avif', '320.webp', '640.avif']);
    const again = await getBytes(url(sha, '?w=320'), { accept: 'image/webp' });
    expect(again.bytes.equals(webp.bytes)).toBe(true);
  });

  it('a variant served once is answered again from memory with the same headers, until unpublished', async () => {
    const bytes = await png(700, 400);
    const sha = sha256Of(bytes);
    await upload(s, cookie, bytes, { name: 'fast.png' });
    const post = await createPost(s, cookie, { published: true, content: `![f](/api/attachments/${sha})` });
    const accept = { accept: 'image/webp' };
    const first = await getBytes(url(sha, '?w=320'), accept);
    await new Promise((r) => setTimeout(r, 50)); // the route keeps it in memory after answering
    const second = await getBytes(url(sha, '?w=320'), accept);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    for (const header of [
      'content-type',
      'etag',
      'cache-control',
      'content-security-policy',
      'vary',
      'x-content-type-options',
    ])
      expect([header, second.headers.get(header)]).toEqual([header, first.headers.get(header)]);
    // Only the fast path leaves out Express's own headers (helmet's), which is how it shows it answered.
    expect(first.headers.get('x-frame-options')).not.toBeNull();
    expect(second.headers.get('x-frame-options')).toBeNull();
    const cached = await conditionalGetWith(url(sha, '?w=320'), first.headers.get('etag')!, '', accept);
    expect(cached.status).toBe(304);
    await s.api('PUT', `/api/admin/blog/${post.id}`, { cookie, body: { published: false } });
    expect((await getBytes(url(sha, '?w=320'), accept)).status).toBe(404);
  });

  it('never makes a variant larger than the image', async () => {
    const bytes = await png(100, 50);
    const sha = sha256Of(bytes);
    await upload(s, cookie, bytes);
    const res = await getBytes(url(sha, '?w=640'), { cookie });
    expect((await sharp(res.bytes).metadata()).width).toBe(100);
  });
});

describe('garbage collection', () => {
  it('removes attachments nothing refers to after the grace period, and keeps referenced ones', async () => {
    const gc = await startTestServer({
      attachments: {
        maxBytes: LIMIT,
        quotaBytes: 10 * LIMIT,
        gcGraceMs: 30 * DAY_MS,
        gcIntervalMs: 0,
        maxImagePixels: 50_000_000,
      },
    });
    try {
      const owner = await gc.login();
      const kept = await png(12, 12);
      const dropped = await png(13, 13);
      const returning = await png(14, 14);
      for (const bytes of [kept, dropped, returning]) await upload(gc, owner, bytes);
      const note = await gc.api('POST', '/api/notes', {
        cookie: owner,
        body: { title: 'With image', content: `![k](/api/attachments/${sha256Of(kept)})`, tags: [] },
      });
      expect(note.status).toBe(201);
      const { store } = gc.handle;
      const service = gc.handle.services.attachments;
      const t0 = new Date();

      expect(await collectAttachmentGarbage(store, service, 30 * DAY_MS, t0)).toEqual({
        marked: 2,
        removed: 0,
        orphans: 0,
      });
      // Before the grace period is over nothing goes; a reference made meanwhile clears the mark.
      const day29 = new Date(t0.getTime() + 29 * DAY_MS);
      expect((await collectAttachmentGarbage(store, service, 30 * DAY_MS, day29)).removed).toBe(0);
      await gc.api('POST', '/api/admin/blog', {
        cookie: owner,
        body: { title: 'Draft', imageUrl: `/api/attachments/${sha256Of(returning)}` },
      });
      const day31 = new Date(t0.getTime() + 31 * DAY_MS);
      expect((await collectAttachmentGarbage(store, service, 30 * DAY_MS, day31)).removed).toBe(1);

      const dir = path.join(gc.dataDir, 'attachments');
      expect(existsSync(path.join(dir, sha256Of(dropped)))).toBe(false);
      expect(store.lookup('attachments', 'sha256', sha256Of(dropped))).toBeUndefined();
      expect(existsSync(path.join(dir, sha256Of(kept)))).toBe(true);
      expect(store.lookup('attachments', 'sha256', sha256Of(returning))?.unreferencedSince).toBeNull();
      expect(
        (await getBytes(`${gc.url}/api/attachments/${sha256Of(dropped)}`, { cookie: owner })).status,
      ).toBe(404);
    } finally {
      await gc.close();
    }
  });
});

describe('garbage collection and what can come back', () => {
  it('keeps a file that only a version in History or a note in the Trash refers to, until they go', async () => {
    const gc = await startTestServer({
      attachments: {
        maxBytes: LIMIT,
        quotaBytes: 10 * LIMIT,
        gcGraceMs: 30 * DAY_MS,
        gcIntervalMs: 0,
        maxImagePixels: 50_000_000,
      },
    });
    try {
      const owner = await gc.login();
      const inHistory = await png(15, 15);
      const inTrash = await png(16, 16);
      for (const bytes of [inHistory, inTrash]) await upload(gc, owner, bytes);
      const edited = await gc.api('POST', '/api/notes', {
        cookie: owner,
        body: { title: 'Edited', content: `![h](/api/attachments/${sha256Of(inHistory)})`, tags: [] },
      });
      expect(edited.status).toBe(201);
      const editedId = (edited.body as { id: number }).id;
      // The image taken out: only the earlier version, kept in History, still shows it.
      const update = await gc.api('PUT', `/api/notes/${editedId}`, {
        cookie: owner,
        body: { title: 'Edited', content: 'No picture any more', tags: [] },
      });
      expect(update.status).toBe(200);
      const trashed = await gc.api('POST', '/api/notes', {
        cookie: owner,
        body: { title: 'Trashed', content: `![t](/api/attachments/${sha256Of(inTrash)})`, tags: [] },
      });
      const trashedId = (trashed.body as { id: number }).id;
      expect((await gc.api('DELETE', `/api/notes/${trashedId}`, { cookie: owner })).status).toBe(204);

      const { store } = gc.handle;
      const service = gc.handle.services.attachments;
      expect(store.count('noteRevisions')).toBeGreaterThan(0);
      const t0 = new Date();
      const day31 = new Date(t0.getTime() + 31 * DAY_MS);
      expect(await collectAttachmentGarbage(store, service, 30 * DAY_MS, t0)).toMatchObject({ marked: 0 });
      expect((await collectAttachmentGarbage(store, service, 30 * DAY_MS, day31)).removed).toBe(0);
      for (const bytes of [inHistory, inTrash])
        expect(
          (await getBytes(`${gc.url}/api/attachments/${sha256Of(bytes)}`, { cookie: owner })).status,
        ).toBe(200);

      // Deleted forever: the note, its versions and their files go after the grace period.
      const forever = await gc.api('DELETE', `/api/trash/${trashedId}`, { cookie: owner });
      expect(forever.status).toBe(204);
      expect((await collectAttachmentGarbage(store, service, 30 * DAY_MS, day31)).marked).toBe(1);
      const day62 = new Date(t0.getTime() + 62 * DAY_MS);
      expect((await collectAttachmentGarbage(store, service, 30 * DAY_MS, day62)).removed).toBe(1);
      expect(store.lookup('attachments', 'sha256', sha256Of(inTrash))).toBeUndefined();
      expect(store.lookup('attachments', 'sha256', sha256Of(inHistory))).toBeDefined();
    } finally {
      await gc.close();
    }
  });
});

/** A PUT through node:http, to send a body in pieces, without a length, or cut off mid-way. */
function rawPut(
  sha: string,
  chunks: Buffer[],
  options: { chunked?: boolean; declaredLength?: number; cut?: boolean },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${s.url}/api/attachments/${sha}`, {
      method: 'PUT',
      headers: {
        cookie,
        'content-type': 'application/octet-stream',
        ...(options.declaredLength !== undefined ? { 'content-length': String(options.declaredLength) } : {}),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error) => (options.cut ? resolve({ status: 0, body: '' }) : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    if (options.cut) setTimeout(() => req.destroy(), 50);
    else req.end();
  });
}

function conditionalGetWith(
  target: string,
  etag: string,
  cookieHeader: string,
  extra: Record<string, string> = {},
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        target,
        { headers: { 'if-none-match': etag, ...extra, ...(cookieHeader ? { cookie: cookieHeader } : {}) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        },
      )
      .on('error', reject);
  });
}

async function waitFor(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
