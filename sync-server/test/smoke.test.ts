import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

describe('smoke', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('logs in and creates a note', async () => {
    expect((await s.api('GET', '/api/user')).status).toBe(401);
    const cookie = await s.login();
    expect((await s.api('GET', '/api/user', { cookie })).body).toEqual({ id: 1, username: 'admin' });
    const created = await s.api('POST', '/api/notes', {
      cookie,
      body: { title: '', content: 'x', tags: [] },
    });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Untitled Note');
  });
});
