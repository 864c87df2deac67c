// Serving the built web app (pages/web-app.ts): cache headers of build files, compression, pages for
// client routes, JSON 404s under /api, and the page shown before the app is built. The renderer here is a
// minimal stand-in for web/dist-ssr/entry-server.js; the real one is tested with the web app.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startTestServer, type TestServer } from './helpers.ts';

const ENTRY_SERVER = `
export function buildRouterManifest(viteManifest) { return viteManifest; }
export async function renderPage({ request }) {
  const html = '<!doctype html><title>App shell</title><p>' + new URL(request.url).pathname + '</p>';
  return { response: new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }), isPrivate: false };
}
`;

describe('web app serving', () => {
  let s: TestServer;
  beforeAll(async () => {
    const root = await makeTempDir('pn-web-');
    const dist = path.join(root, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await mkdir(path.join(dist, '.vite'));
    await mkdir(path.join(root, 'dist-ssr'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
    await writeFile(path.join(root, 'dist-ssr', 'entry-server.js'), ENTRY_SERVER);
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

  it('never lets the service worker script be cached', async () => {
    expect((await s.api('GET', '/sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client routes with a page, missing build files with 404, /api with JSON 404', async () => {
    const deep = await s.api('GET', '/notes/42/edit');
    expect(deep.status).toBe(200);
    expect(deep.body).toContain('App shell');
    expect(deep.body).toContain('/notes/42/edit');
    expect(deep.headers.get('cache-control')).not.toMatch(/immutable/);
    expect((await s.api('GET', '/assets/gone-123.js')).status).toBe(404);
    expect((await s.api('GET', '/api/nothing')).body).toEqual({ message: 'Not found' });
  });

  it('serves a small page when the app is not built', async () => {
    const bare = await startTestServer();
    try {
      const res = await bare.api('GET', '/notes');
      expect(res.status).toBe(200);
      expect(res.body).toContain('The web app is not built yet.');
      expect((await bare.api('GET', '/api/nothing')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
