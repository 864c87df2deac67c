// GET/PUT /api/vault over real HTTP (minimal version for the app half; see vault-router.ts).
import { createVault } from '@private-notes/shared/vault';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());

const cheap = { cost: { memoryKiB: 8192, iterations: 1, parallelism: 1 } };

describe('/api/vault', () => {
  it('answers 401 anonymous', async () => {
    expect((await s.api('GET', '/api/vault')).status).toBe(401);
  });

  it('creates once from version 0, keeps unknown fields, refuses a stale base with 409', async () => {
    expect((await s.api('GET', '/api/vault', { cookie })).body).toEqual({ header: null, version: 0 });
    const { header } = await createVault('correct horse battery staple', cheap);
    const sent = { ...header, laterField: { kept: true } };
    const created = await s.api('PUT', '/api/vault', { cookie, body: { header: sent, baseVersion: 0 } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ header: sent, version: 1 });
    const racing = await s.api('PUT', '/api/vault', { cookie, body: { header, baseVersion: 0 } });
    expect(racing.status).toBe(409);
    expect(racing.body).toEqual({
      message: 'The vault changed on another device.',
      header: sent,
      version: 1,
    });
    const next = await s.api('PUT', '/api/vault', { cookie, body: { header, baseVersion: 1 } });
    expect(next.body.version).toBe(2);
    expect((await s.api('GET', '/api/vault', { cookie })).body).toEqual({ header, version: 2 });
  });

  it('refuses a damaged header with 400 and changes nothing', async () => {
    const before = (await s.api('GET', '/api/vault', { cookie })).body;
    const res = await s.api('PUT', '/api/vault', {
      cookie,
      body: { header: { format: 'private-notes-vault', version: 1 }, baseVersion: before.version },
    });
    expect(res.status).toBe(400);
    expect((await s.api('GET', '/api/vault', { cookie })).body).toEqual(before);
  });
});
