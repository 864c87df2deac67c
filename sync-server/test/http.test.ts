// Cross-cutting HTTP behaviour: origin check, JSON errors, security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

describe('origin check and errors', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startTestServer({ allowedOrigins: ['http://localhost:5173'] });
    cookie = await s.login();
  });
  afterAll(() => s.close());

  const body = { title: 'x', content: 'y', tags: [] };

  it('refuses unsafe requests from another origin with 403 and changes nothing', async () => {
    const count = s.handle.store.count('notes');
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: s.url.replace('127.0.0.1', 'localhost') },
      { origin: s.url.replace(/:\d+$/, ':1') },
    ]) {
      const res = await s.api('POST', '/api/notes', { cookie, body, headers });
      expect(res, JSON.stringify(headers)).toMatchObject({
        status: 403,
        body: { message: 'Cross-origin request refused' },
      });
    }
    const del = await s.api('DELETE', '/api/notes/1', {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(del.status).toBe(403);
    const login = await s.api('POST', '/api/login', {
      body: { username: 'admin', password: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(login.status).toBe(403);
    expect(s.handle.store.count('notes')).toBe(count);
  });

  it('lets same-origin, configured origins and Origin-less requests through, and any GET', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: s.url, 'sec-fetch-site': 'same-origin' },
      // Behind a TLS-terminating proxy the browser says https while the server sees http.
      { origin: s.url.replace('http:', 'https:') },
      { origin: 'http://localhost:5173' },
      {},
    ]) {
      expect((await s.api('POST', '/api/notes', { cookie, body, headers })).status).toBe(201);
    }
    expect(
      (await s.api('GET', '/api/notes', { cookie, headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    for (const p of ['/api/nope', '/api', '/api/notes/1/extra']) {
      const res = await s.api('GET', p, { cookie });
      expect(res.status, p).toBe(404);
      expect(res.body, p).toEqual({ message: 'Not found' });
    }
  });

  it('hides internal errors behind a 500 without a stack', async () => {
    const notes = s.handle.services.notes;
    const original = notes.list;
    const errors: unknown[] = [];
    const consoleError = console.error;
    notes.list = () => {
      throw new Error('secret internals at /srv/private/path.ts:12');
    };
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await s.api('GET', '/api/notes', { cookie });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal server error' });
    } finally {
      notes.list = original;
      console.error = consoleError;
    }
    expect(errors).toHaveLength(1);
  });

  it('sends security headers with a CSP fit for the app', async () => {
    const res = await s.api('GET', '/api/user', { cookie });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toMatch(/img-src 'self' https: data:/);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).not.toMatch(/upgrade-insecure-requests/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('HSTS', () => {
  it('is sent when the request reached a trusted proxy over HTTPS, never over plain HTTP or untrusted', async () => {
    const proxied = await startTestServer({ trustProxy: 1 });
    const direct = await startTestServer();
    try {
      const https = { 'x-forwarded-proto': 'https' };
      for (const path of ['/api/blog', '/api/nothing-here', '/']) {
        const secure = await proxied.api('GET', path, { headers: https });
        expect(secure.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
        expect((await proxied.api('GET', path)).headers.get('strict-transport-security'), path).toBeNull();
        // Without TRUST_PROXY the header is the client's word: no HSTS.
        const claimed = await direct.api('GET', path, { headers: https });
        expect(claimed.headers.get('strict-transport-security'), path).toBeNull();
      }
      // A replayed public answer keeps to the same rule (the fast path keys on X-Forwarded-Proto).
      expect(
        (await proxied.api('GET', '/api/blog', { headers: https })).headers.get('strict-transport-security'),
      ).toBe('max-age=31536000');
      expect((await proxied.api('GET', '/api/blog')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
      await direct.close();
    }
  });
});
