// Owner auth over real HTTP: login, sessions (also across a restart), registration, logout, password change.
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER_PASSWORD, startTestServer, type TestServer } from './helpers.ts';

const servers: TestServer[] = [];
async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const s = await startTestServer(...args);
  servers.push(s);
  return s;
}
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('GET /api/user and POST /api/login', () => {
  it('answers 401 anonymous, then the user after login, with a hardened cookie', async () => {
    const s = await start();
    expect(await s.api('GET', '/api/user')).toMatchObject({
      status: 401,
      body: { message: 'Not authenticated' },
    });
    const res = await s.api('POST', '/api/login', { body: { username: 'admin', password: OWNER_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 1, username: 'admin' });
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^pn_session=[\w-]{30,};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await s.api('GET', '/api/user', { cookie: cookie.split(';')[0] });
    expect(me.body).toEqual({ id: 1, username: 'admin' });
  });

  it('sets a Secure cookie behind an HTTPS proxy when trust proxy is on', async () => {
    const s = await start({ trustProxy: true });
    const res = await s.api('POST', '/api/login', {
      body: { username: 'admin', password: OWNER_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers.getSetCookie()[0]).toMatch(/Secure/);
  });

  it('refuses wrong credentials with one message for unknown user and wrong password', async () => {
    const s = await start();
    for (const body of [
      { username: 'admin', password: 'wrong password' },
      { username: 'nobody', password: OWNER_PASSWORD },
    ]) {
      const res = await s.api('POST', '/api/login', { body });
      expect(res).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('validates the login body', async () => {
    const s = await start();
    expect((await s.api('POST', '/api/login', { body: { username: 'admin' } })).body.message).toMatch(
      /^password: /,
    );
    expect((await s.api('POST', '/api/login', { body: { username: '', password: 'x' } })).body).toEqual({
      message: 'username: Username and password are required',
    });
    expect((await s.api('POST', '/api/login', { body: { username: 5, password: 'x' } })).status).toBe(400);
    expect(await s.api('POST', '/api/login', { rawBody: '{"username":' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid JSON body' },
    });
  });

  it('limits unknown devices per username (trimmed, case-folded): the 6th try, even right, answers 429', async () => {
    const s = await start({ trustProxy: true });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const username = ['admin', ' ADMIN ', 'Admin', 'admin ', 'aDmIn'][i]!;
      const res = await s.api('POST', '/api/login', {
        body: { username, password: `nope ${i}` },
        // A new address each time: only the username ties the attempts together.
        headers: { 'x-forwarded-for': `10.0.1.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(5).fill(401));
    const limited = await s.api('POST', '/api/login', {
      body: { username: 'admin', password: OWNER_PASSWORD },
      headers: { 'x-forwarded-for': '10.0.1.99' },
    });
    expect(limited).toMatchObject({
      status: 429,
      body: { message: 'Too many attempts. Try again in 1 minute.' },
    });
    expect(limited.headers.get('retry-after')).toMatch(/^(59|60)$/);
    expect(limited.headers.getSetCookie()).toEqual([]);
  });

  it('limits unknown devices per address across usernames', async () => {
    const s = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await s.api('POST', '/api/login', { body: { username: `user${i}`, password: 'nope nope' } })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it("never blocks the owner's known device for failures from elsewhere (issue 23)", async () => {
    const s = await start({ trustProxy: true });
    const first = await s.api('POST', '/api/login', {
      body: { username: 'admin', password: OWNER_PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((c) => c.startsWith('pn_device='))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/Path=\/api\//);
    const deviceCookie = device.split(';')[0]!;
    // Ten failures for the owner's username from other addresses, then more from the owner's own address.
    for (let i = 0; i < 12; i++) {
      await s.api('POST', '/api/login', {
        body: { username: i % 2 ? 'ADMIN' : ' Admin ', password: `guess ${i}` },
        headers: { 'x-forwarded-for': i < 10 ? `198.51.100.${i}` : '192.0.2.10' },
      });
    }
    const stranger = await s.api('POST', '/api/login', {
      body: { username: 'admin', password: OWNER_PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    const owner = await s.api('POST', '/api/login', {
      body: { username: 'admin', password: OWNER_PASSWORD },
      cookie: deviceCookie,
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ id: 1, username: 'admin' });
    // A forged or another username's device cookie is an unknown device.
    const forged = await s.api('POST', '/api/login', {
      body: { username: 'admin', password: OWNER_PASSWORD },
      cookie: `${deviceCookie.slice(0, -3)}abc`,
      headers: { 'x-forwarded-for': '203.0.113.6' },
    });
    expect(forged.status).toBe(429);
  });

  it('judges a known device by its own failures only, and they never count against the username', async () => {
    const s = await start({ trustProxy: true });
    const deviceCookie = (
      await s.api('POST', '/api/login', { body: { username: 'admin', password: OWNER_PASSWORD } })
    ).headers
      .getSetCookie()
      .find((c) => c.startsWith('pn_device='))!
      .split(';')[0]!;
    for (let i = 0; i < 10; i++) {
      const res = await s.api('POST', '/api/login', {
        body: { username: 'admin', password: `typo ${i}` },
        cookie: deviceCookie,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      expect(res.status).toBe(401);
    }
    // The username and this new address are clean: another device signs in.
    const elsewhere = await s.api('POST', '/api/login', {
      body: { username: 'admin', password: OWNER_PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('counts parallel guesses before checking them: a burst gets no more than the free tries', async () => {
    const s = await start({ trustProxy: true });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        s.api('POST', '/api/login', {
          body: { username: 'admin', password: `burst ${i}` },
          headers: { 'x-forwarded-for': `10.9.0.${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(7);
  });
});

describe('sessions', () => {
  it('survive a server restart on the same DATA_DIR', async () => {
    const a = await startTestServer();
    const cookie = await a.login();
    await a.close({ keepData: true });
    const b = await start({ dataDir: a.dataDir });
    expect((await b.api('GET', '/api/user', { cookie })).body).toEqual({ id: 1, username: 'admin' });
  });

  it('store only a hash of the cookie token', async () => {
    const s = await start();
    const cookie = await s.login();
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const sessions = s.handle.store.all('sessions');
    expect(sessions).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it('end on logout (204) and a forged cookie is anonymous', async () => {
    const s = await start();
    const cookie = await s.login();
    const out = await s.api('POST', '/api/logout', { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/pn_session=;/);
    expect((await s.api('GET', '/api/user', { cookie })).status).toBe(401);
    expect(s.handle.store.count('sessions')).toBe(0);
    expect((await s.api('GET', '/api/user', { cookie: 'pn_session=forged' })).status).toBe(401);
  });
});

describe('POST /api/register', () => {
  it('is closed once the owner exists', async () => {
    const s = await start();
    const res = await s.api('POST', '/api/register', { body: { username: 'eve', password: 'long enough' } });
    expect(res).toMatchObject({ status: 403, body: { message: 'Registration is closed' } });
    expect(s.handle.store.count('users')).toBe(1);
  });

  it('creates the first user when none exists, then closes', async () => {
    const s = await start();
    // An empty store: drop the owner created at start to reach the "no user yet" state.
    await s.handle.store.write((tx) => tx.remove('users', 1));
    const bad = await s.api('POST', '/api/register', { body: { username: 'first', password: 'short' } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'password: must be at least 8 characters' } });
    const res = await s.api('POST', '/api/register', {
      body: { username: 'first', password: 'long enough' },
    });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe('first');
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0];
    expect((await s.api('GET', '/api/user', { cookie })).body.username).toBe('first');
    const again = await s.api('POST', '/api/register', {
      body: { username: 'second', password: 'long enough' },
    });
    expect(again.status).toBe(403);
  });
});

describe('owner bootstrap', () => {
  it('generates a password, prints it once, and stores only a hash', async () => {
    const logs: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => logs.push(args.join(' '));
    let s: TestServer;
    try {
      s = await start({ ownerPassword: null, ownerUsername: 'owner' });
    } finally {
      console.log = original;
    }
    const printed = logs.join('\n').match(/password: (\S+)/)?.[1];
    expect(printed).toBeDefined();
    expect(printed!.length).toBeGreaterThanOrEqual(20);
    const { readFile, readdir } = await import('node:fs/promises');
    for (const file of await readdir(s!.dataDir)) {
      if (file.startsWith('data'))
        expect(await readFile(`${s!.dataDir}/${file}`, 'utf8')).not.toContain(printed);
    }
    expect(
      (await s!.api('GET', '/api/user', { cookie: await s!.login('owner', printed) })).body.username,
    ).toBe('owner');
    await s!.close({ keepData: true });
    servers.pop();
    logs.length = 0;
    console.log = (...args: unknown[]) => logs.push(args.join(' '));
    try {
      servers.push(
        await startTestServer({ dataDir: s!.dataDir, ownerPassword: null, ownerUsername: 'owner' }),
      );
    } finally {
      console.log = original;
    }
    expect(logs.join('\n')).not.toContain('password:');
  });
});

describe('PUT /api/user/password', () => {
  it('needs a session', async () => {
    const s = await start();
    const body = {
      currentPassword: OWNER_PASSWORD,
      newPassword: 'a new secret',
      confirmPassword: 'a new secret',
    };
    expect((await s.api('PUT', '/api/user/password', { body })).status).toBe(401);
  });

  it('checks the current password and the confirmation, then keeps this session and ends the others', async () => {
    const s = await start();
    const cookie = await s.login();
    const other = await s.login();
    const wrong = await s.api('PUT', '/api/user/password', {
      cookie,
      body: {
        currentPassword: 'not it at all',
        newPassword: 'a new secret',
        confirmPassword: 'a new secret',
      },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: 'currentPassword: Current password is incorrect' },
    });
    const mismatch = await s.api('PUT', '/api/user/password', {
      cookie,
      body: { currentPassword: OWNER_PASSWORD, newPassword: 'a new secret', confirmPassword: 'another one' },
    });
    expect(mismatch.body.message).toBe('confirmPassword: Passwords do not match');
    const short = await s.api('PUT', '/api/user/password', {
      cookie,
      body: { currentPassword: OWNER_PASSWORD, newPassword: 'short', confirmPassword: 'short' },
    });
    expect(short.body.message).toBe('newPassword: Password must be at least 8 characters');
    await s.login(); // the old password still works: nothing changed so far

    const ok = await s.api('PUT', '/api/user/password', {
      cookie,
      body: { currentPassword: OWNER_PASSWORD, newPassword: 'a new secret', confirmPassword: 'a new secret' },
    });
    expect(ok.status).toBe(204);
    expect((await s.api('GET', '/api/user', { cookie })).status).toBe(200);
    expect((await s.api('GET', '/api/user', { cookie: other })).status).toBe(401);
    expect(
      (await s.api('POST', '/api/login', { body: { username: 'admin', password: OWNER_PASSWORD } })).status,
    ).toBe(401);
    await s.login('admin', 'a new secret');
  });
});
