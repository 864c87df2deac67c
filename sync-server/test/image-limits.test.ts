// Images a visitor can ask for stay cheap to serve: a pixel limit on upload and decode, one variant made at a
// time, a bounded width by default, the common variants made at publication, and a decode failure answered
// 404 from memory instead of a 500 that decodes again for every visitor.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttachmentFiles } from '../src/attachments/attachment-files.ts';
import { DAY_MS } from '../src/attachments/attachment-gc.ts';
import { ImageVariants, VariantUnavailable } from '../src/attachments/image-variants.ts';
import { getBytes, png, sha256Of, upload } from './attachment-fixtures.ts';
import { createPost } from './blog-fixtures.ts';
import { makeTempDir, startTestServer, type TestServer } from './helpers.ts';

const MAX_PIXELS = 1_000_000;
let s: TestServer;
let cookie: string;

beforeAll(async () => {
  s = await startTestServer({
    attachments: {
      maxBytes: 5_000_000,
      quotaBytes: 50_000_000,
      gcGraceMs: DAY_MS,
      gcIntervalMs: 0,
      maxImagePixels: MAX_PIXELS,
    },
  });
  cookie = await s.login();
});
afterAll(() => s.close());

const url = (sha: string, query = '') => `${s.url}/api/attachments/${sha}${query}`;
const variantsDir = (sha: string) => path.join(s.dataDir, 'attachments', 'variants', sha);

/** PNG signature and header chunk name, then garbage: sniffed as a PNG, refused by the decoder. */
const corruptPng = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
    Buffer.from('not really an image, just bytes that start like one'.repeat(4)),
  ]);

/** A PNG already stored under its hash in a fresh attachments folder, for ImageVariants on its own. */
async function storedImage(width: number, height: number): Promise<{ files: AttachmentFiles; sha: string }> {
  const files = new AttachmentFiles(await makeTempDir());
  await files.init();
  const bytes = await png(width, height);
  const sha = sha256Of(bytes);
  await sharp(bytes).toFile(files.pathOf(sha));
  return { files, sha };
}

describe('pixel limit', () => {
  it('refuses an upload past the limit with 422 and a clear message, keeping nothing', async () => {
    // Small on disk (a blank PNG compresses to almost nothing), large once decoded.
    const big = await png(1200, 1000);
    expect(big.length).toBeLessThan(50_000);
    const sha = sha256Of(big);
    const res = await upload(s, cookie, big, { name: 'huge.png' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      '"huge.png" is 1200×1000 pixels; images may have at most 1 megapixels. Make it smaller and paste it again.',
    );
    expect(s.handle.store.lookup('attachments', 'sha256', sha)).toBeUndefined();
    expect(existsSync(path.join(s.dataDir, 'attachments', sha))).toBe(false);
    // Within the limit is accepted as before.
    expect((await upload(s, cookie, await png(1000, 1000), { name: 'fits.png' })).status).toBe(201);
  });

  it('never decodes an image past the limit already on disk (stored before the limit was lowered)', async () => {
    const { files, sha } = await storedImage(400, 300);
    const variants = new ImageVariants(files, 100_000);
    const request = { sha256: sha, width: 320, format: 'webp' as const };
    await expect(variants.pathFor(request)).rejects.toThrow(VariantUnavailable);
    expect(variants.failure(sha)).toMatch(/pixel limit/);
    expect(await new ImageVariants(files, 200_000).pathFor(request)).toMatch(/320\.webp$/);
  });
});

describe('variants', () => {
  it('are made one at a time, however many are asked for at once', async () => {
    const { files, sha } = await storedImage(900, 900);
    const variants = new ImageVariants(files, MAX_PIXELS);
    let most = 0;
    let sampling = true;
    const sample = async () => {
      while (sampling) {
        most = Math.max(most, variants.running);
        await new Promise((r) => setImmediate(r));
      }
    };
    const sampler = sample();
    const made = await Promise.all(
      (['avif', 'webp', 'png', 'jpeg'] as const).flatMap((format) =>
        [320, 640].map((width) => variants.pathFor({ sha256: sha, width, format })),
      ),
    );
    sampling = false;
    await sampler;
    expect(new Set(made).size).toBe(8);
    expect(most).toBe(1);
  });

  it('a visitor without ?w= gets the default width, never a full-size re-encode', async () => {
    const bytes = await png(2400, 400);
    const sha = sha256Of(bytes);
    await upload(s, cookie, bytes, { name: 'wide.png' });
    await createPost(s, cookie, { published: true, content: `![w](/api/attachments/${sha})` });
    const res = await getBytes(url(sha), { accept: 'image/webp' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${sha}-1920-webp"`);
    expect((await sharp(res.bytes).metadata()).width).toBe(1920);
    // The owner still gets the exact bytes.
    expect((await getBytes(url(sha), { cookie })).bytes.equals(bytes)).toBe(true);
  });

  it('the common ones are made when the post is published, before any visitor asks', async () => {
    const bytes = await png(700, 500);
    const sha = sha256Of(bytes);
    await upload(s, cookie, bytes, { name: 'early.png' });
    const draft = await createPost(s, cookie, { content: `![e](/api/attachments/${sha})` });
    await s.handle.services.imageVariants.idle();
    expect(existsSync(variantsDir(sha))).toBe(false);
    await s.api('PUT', `/api/admin/blog/${draft.id}`, { cookie, body: { published: true } });
    await s.handle.services.imageVariants.idle();
    expect((await readdir(variantsDir(sha))).sort()).toEqual(['1920.avif', '320.avif', '640.avif']);
  });
});

describe('an image the decoder refuses', () => {
  it('answers visitors 404 (not 500), remembers the failure, and still gives the owner the original', async () => {
    const bytes = corruptPng();
    const sha = sha256Of(bytes);
    const stored = await upload(s, cookie, bytes, { name: 'broken.png' });
    expect(stored.status).toBe(201);
    expect(stored.body.mime).toBe('image/png');
    await createPost(s, cookie, { published: true, content: `![b](/api/attachments/${sha})` });
    await s.handle.services.imageVariants.idle();
    const first = await getBytes(url(sha, '?w=320'), { accept: 'image/avif' });
    expect(first.status).toBe(404);
    const failure = s.handle.services.imageVariants.failure(sha);
    expect(failure).toBeDefined();
    for (const query of ['', '?w=640', '?w=320'])
      expect((await getBytes(url(sha, query), { accept: 'image/webp' })).status).toBe(404);
    // Remembered: the same reason, no new attempt left a file or a temp behind.
    expect(s.handle.services.imageVariants.failure(sha)).toBe(failure);
    expect(await readdir(variantsDir(sha)).catch(() => [])).toEqual([]);
    const owner = await getBytes(url(sha, '?w=320'), { cookie });
    expect(owner.status).toBe(200);
    expect(owner.bytes.equals(bytes)).toBe(true);
  });
});
