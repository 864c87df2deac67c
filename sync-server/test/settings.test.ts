// Settings over real HTTP: defaults, whole-object validation, persistence.
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.login();
});
afterAll(() => s.close());

describe('/api/user/settings', () => {
  it('answers 401 anonymous', async () => {
    expect((await s.api('GET', '/api/user/settings')).status).toBe(401);
    expect((await s.api('PUT', '/api/user/settings', { body: DEFAULT_SETTINGS })).status).toBe(401);
  });

  it('starts with the defaults and saves a whole object', async () => {
    expect((await s.api('GET', '/api/user/settings', { cookie })).body).toEqual(DEFAULT_SETTINGS);
    const next = {
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      autoSaveInterval: 0,
      displayName: ' Ada ',
      compactMode: true,
    };
    const res = await s.api('PUT', '/api/user/settings', { cookie, body: next });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...next, displayName: 'Ada' });
    expect((await s.api('GET', '/api/user/settings', { cookie })).body).toEqual({
      ...next,
      displayName: 'Ada',
    });
  });

  it.each([
    [{ ...DEFAULT_SETTINGS, autoSaveInterval: 5 }, 'autoSaveInterval: must be 0 or between 10 and 300'],
    [{ ...DEFAULT_SETTINGS, autoSaveInterval: 301 }, 'autoSaveInterval: must be 0 or between 10 and 300'],
    [{ ...DEFAULT_SETTINGS, theme: 'neon' }, /^theme: /],
    [{ ...DEFAULT_SETTINGS, compactMode: 'yes' }, /^compactMode: /],
    [{ ...DEFAULT_SETTINGS, bio: 'x'.repeat(1001) }, 'bio: must be at most 1000 characters'],
    [{ theme: 'dark' }, /^emailNotifications: /],
  ])('refuses %# with 400 and keeps the saved settings', async (body, message) => {
    const before = (await s.api('GET', '/api/user/settings', { cookie })).body;
    const res = await s.api('PUT', '/api/user/settings', { cookie, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await s.api('GET', '/api/user/settings', { cookie })).body).toEqual(before);
  });
});
