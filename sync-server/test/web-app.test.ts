// Serving the built web app (pages/web-app.ts): cache headers, compression, client-route fallback, and the
// page shown before the app is built. Engineer D is taking pages/web-app.ts over for server rendering:
// adapt these to the new serving rules rather than deleting the cache-header checks.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startTestServer, type TestServer } from './helpers.ts';

describe('web app serving', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await makeTempDir('pn-dist-');
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>App shell</title>');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(
      path.join(dist, 'assets', 'index-Ab12Cd34.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    s = await startTestServer({ webDistDir: dist });
  });
  afterAll(() => s.close());

  it('caches hashed assets for a year, compressed', async () => {
    const res = await fetch(`${s.url}/assets/index-Ab12Cd34.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('never caches index.html and sw.js', async () => {
    const sw = await s.api('GET', '/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const index = await s.api('GET', '/');
    expect(index.body).toContain('App shell');
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client routes with index.html but keeps /api 404s as JSON', async () => {
    const deep = await s.api('GET', '/notes/42/edit');
    expect(deep.status).toBe(200);
    expect(deep.body).toContain('App shell');
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect((await s.api('GET', '/api/nothing')).body).toEqual({ message: 'Not found' });
  });

  it('serves a small page when the app is not built', async () => {
    const bare = await startTestServer();
    try {
      const res = await bare.api('GET', '/notes');
      expect(res.status).toBe(200);
      expect(res.body).toContain('The web app is not built yet.');
    } finally {
      await bare.close();
    }
  });
});
