// Issue 23 item 2 over real HTTP: the TOTP second factor and recovery codes, the session list, passkeys
// (with a software authenticator making real WebAuthn answers), and the sign-in form's default username.
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER_PASSWORD, startTestServer, type TestServer } from './helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

const servers: TestServer[] = [];
async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const s = await startTestServer(...args);
  servers.push(s);
  return s;
}
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });

async function enableTotp(
  s: TestServer,
  cookie: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await s.api('POST', '/api/user/totp/setup', { cookie });
  expect(setup.status).toBe(200);
  // Confirmed with the previous step's code, so a sign-in in this same step has a fresh code to use.
  const enabled = await s.api('POST', '/api/user/totp/enable', {
    cookie,
    body: { code: codeAt(setup.body.secret, Date.now() - 30_000) },
  });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

/** A fresh proof of the owner for this session (what adding a passkey needs). */
async function reauth(s: TestServer, cookie: string, code?: string): Promise<void> {
  const res = await s.api('POST', '/api/user/reauth', {
    cookie,
    body: { password: OWNER_PASSWORD, ...(code ? { code } : {}) },
  });
  expect(res.status).toBe(204);
}

describe('TOTP second factor', () => {
  it('enrols with a QR code and a confirming code; nothing changes before the code', async () => {
    const s = await start();
    const cookie = await s.login();
    expect((await s.api('GET', '/api/user/totp', { cookie })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const setup = await s.api('POST', '/api/user/totp/setup', { cookie });
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Private%20Notes:admin\?/);
    expect(setup.body.qrSvg).toMatch(/^<svg/);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    // Not on yet: a password alone still signs in.
    expect((await s.api('GET', '/api/user/totp', { cookie })).body.enabled).toBe(false);
    await s.login();
    const wrong = await s.api('POST', '/api/user/totp/enable', { cookie, body: { code: '000000' } });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: 'code: That code is not right. Check the time on your device.' },
    });
    expect((await s.api('POST', '/api/user/totp/enable', { cookie, body: { code: '12' } })).status).toBe(400);
    const enabled = await s.api('POST', '/api/user/totp/enable', {
      cookie,
      body: { code: codeAt(setup.body.secret) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    expect((await s.api('GET', '/api/user/totp', { cookie })).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // Recovery codes are kept only as hashes.
    const stored = JSON.stringify(s.handle.store.all('users'));
    for (const code of enabled.body.recoveryCodes) expect(stored).not.toContain(code);
  });

  it('asks a password sign-in for the code, accepts it once, and refuses a wrong one', async () => {
    const s = await start();
    const { secret } = await enableTotp(s, await s.login());
    const creds = { username: 'admin', password: OWNER_PASSWORD };
    const asked = await s.api('POST', '/api/login', { body: creds });
    expect(asked).toMatchObject({
      status: 401,
      body: { message: 'Enter the code from your authenticator app', secondFactor: 'totp' },
    });
    expect(asked.headers.getSetCookie()).toEqual([]);
    const badCode = await s.api('POST', '/api/login', { body: { ...creds, code: '999999' } });
    expect(badCode).toMatchObject({ status: 401, body: { message: 'Invalid authentication code' } });
    // A wrong password with a right code is still just a wrong password.
    const code = codeAt(secret);
    const wrongPassword = await s.api('POST', '/api/login', {
      body: { ...creds, password: 'nope nope', code },
    });
    expect(wrongPassword.body).toEqual({ message: 'Invalid username or password' });
    const ok = await s.api('POST', '/api/login', { body: { ...creds, code } });
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('pn_session='))).toBe(true);
    // The same code again (a replay) is refused, saying why: it was used, not wrong.
    expect(await s.api('POST', '/api/login', { body: { ...creds, code } })).toMatchObject({
      status: 401,
      body: { message: 'That code was already used; wait for the next one.', reason: 'used' },
    });
  });

  it('refuses the code that turned the factor on, saying it was already used', async () => {
    const s = await start();
    const cookie = await s.login();
    const setup = await s.api('POST', '/api/user/totp/setup', { cookie });
    const code = codeAt(setup.body.secret);
    expect((await s.api('POST', '/api/user/totp/enable', { cookie, body: { code } })).status).toBe(200);
    const creds = { username: 'admin', password: OWNER_PASSWORD, code };
    expect(await s.api('POST', '/api/login', { body: creds })).toMatchObject({
      status: 401,
      body: {
        message: 'That code was already used; wait for the next one.',
        reason: 'used',
        secondFactor: 'totp',
      },
    });
  });

  it('accepts each recovery code once', async () => {
    const s = await start();
    const { recoveryCodes } = await enableTotp(s, await s.login());
    const creds = { username: 'admin', password: OWNER_PASSWORD };
    const first = recoveryCodes[0]!;
    const ok = await s.api('POST', '/api/login', { body: { ...creds, code: first.toUpperCase() } });
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await s.api('GET', '/api/user/totp', { cookie })).body.recoveryCodesLeft).toBe(9);
    expect((await s.api('POST', '/api/login', { body: { ...creds, code: first } })).status).toBe(401);
    expect((await s.api('POST', '/api/login', { body: { ...creds, code: recoveryCodes[1] } })).status).toBe(
      200,
    );
  });

  it('is turned off only with the password and a code, under the sign-in lockout', async () => {
    const s = await start();
    const cookie = await s.login();
    const { secret } = await enableTotp(s, cookie);
    const disable = (body: object, session: string | undefined = cookie) =>
      s.api('POST', '/api/user/totp/disable', { ...(session ? { cookie: session } : {}), body });
    expect((await disable({ password: 'wrong one', code: codeAt(secret) })).body).toEqual({
      message: 'password: Password is incorrect',
    });
    // The session alone (the audit's case: the password was enough, and any number of guesses).
    expect((await disable({ password: OWNER_PASSWORD })).body.message).toBe(
      'code: Enter the code from your authenticator app',
    );
    expect((await disable({ password: OWNER_PASSWORD, code: '000000' })).body).toMatchObject({
      message: 'code: That code is not right',
      secondFactor: 'totp',
    });
    expect((await s.api('GET', '/api/user/totp', { cookie })).body.enabled).toBe(true);
    expect((await disable({ password: OWNER_PASSWORD, code: codeAt(secret) }, '')).status).toBe(401);
    const off = await disable({ password: OWNER_PASSWORD, code: codeAt(secret) });
    expect(off.status).toBe(204);
    expect(
      (await s.api('POST', '/api/login', { body: { username: 'admin', password: OWNER_PASSWORD } })).status,
    ).toBe(200);
  });
});

describe('signed-in sessions', () => {
  it('lists the sessions with device, address and last seen; ends one or all others', async () => {
    const s = await start({ trustProxy: true });
    const signIn = async (ua: string, ip: string) => {
      const res = await s.api('POST', '/api/login', {
        body: { username: 'admin', password: OWNER_PASSWORD },
        headers: { 'user-agent': ua, 'x-forwarded-for': ip },
      });
      return res.headers.getSetCookie()[0]!.split(';')[0]!;
    };
    const laptop = await signIn(
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      '192.0.2.1',
    );
    const phone = await signIn(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      '198.51.100.7',
    );
    const tablet = await signIn('curl/8.5.0', '203.0.113.9');
    const headers = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'x-forwarded-for': '192.0.2.1',
    };
    const list = await s.api('GET', '/api/user/sessions', { cookie: laptop, headers });
    expect(list.status).toBe(200);
    expect(list.body.map((x: { device: string }) => x.device).sort()).toEqual([
      'Firefox on Linux',
      'Safari on iPhone',
      'curl',
    ]);
    const mine = list.body.find((x: { current: boolean }) => x.current);
    expect(mine).toMatchObject({ device: 'Firefox on Linux', address: '192.0.2.1' });
    expect(Date.parse(mine.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    const phoneId = list.body.find((x: { device: string }) => x.device === 'Safari on iPhone').id;

    expect((await s.api('DELETE', `/api/user/sessions/${mine.id}`, { cookie: laptop, headers })).status).toBe(
      400,
    );
    expect((await s.api('DELETE', '/api/user/sessions/9999', { cookie: laptop, headers })).status).toBe(404);
    expect((await s.api('DELETE', `/api/user/sessions/${phoneId}`, { cookie: laptop, headers })).status).toBe(
      204,
    );
    expect((await s.api('GET', '/api/user', { cookie: phone })).status).toBe(401);
    expect((await s.api('GET', '/api/user', { cookie: tablet })).status).toBe(200);

    const others = await s.api('POST', '/api/user/sessions/sign-out-others', { cookie: laptop, headers });
    expect(others.body).toEqual({ ended: 1 });
    expect((await s.api('GET', '/api/user', { cookie: tablet })).status).toBe(401);
    expect((await s.api('GET', '/api/user', { cookie: laptop })).status).toBe(200);
    expect((await s.api('GET', '/api/user/sessions', { cookie: laptop, headers })).body).toHaveLength(1);
    expect((await s.api('GET', '/api/user/sessions')).status).toBe(401);
  });
});

describe('passkeys', () => {
  const origin = 'http://localhost:5999';

  /** The challenge cookie an options answer gave the browser (`name=value`). */
  const challengeCookie = (res: { headers: Headers }) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('pn_passkey_'))!
      .split(';')[0]!;
  const withCookies = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');

  async function register(s: TestServer, cookie: string, authenticator: SoftAuthenticator, name = 'Laptop') {
    await reauth(s, cookie);
    const options = await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } });
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ name: 'Private Notes', id: 'localhost' });
    return s.api('POST', '/api/user/passkeys', {
      cookie: withCookies(cookie, challengeCookie(options)),
      headers: { origin },
      body: { name, response: authenticator.register(options.body, origin) },
    });
  }

  async function passkeySignIn(s: TestServer, authenticator: SoftAuthenticator, answerOrigin = origin) {
    const options = await s.api('POST', '/api/login/passkey/options', { headers: { origin } });
    expect(options.status).toBe(200);
    return s.api('POST', '/api/login/passkey', {
      cookie: challengeCookie(options),
      headers: { origin },
      body: { response: authenticator.authenticate(options.body, answerOrigin) },
    });
  }

  it('registers, lists, signs in without a password (even with TOTP on and the username locked), removes', async () => {
    const s = await start({ allowedOrigins: [origin] });
    const cookie = await s.login();
    const key = new SoftAuthenticator();
    const created = await register(s, cookie, key, '  Laptop  ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    await enableTotp(s, cookie);
    for (let i = 0; i < 6; i++) {
      await s.api('POST', '/api/login', { body: { username: 'admin', password: `guess ${i}` } });
    }
    const signedIn = await passkeySignIn(s, key);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ id: 1, username: 'admin' });
    const session = signedIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('pn_session='))!
      .split(';')[0]!;
    expect((await s.api('GET', '/api/user', { cookie: session })).body.username).toBe('admin');
    const listed = await s.api('GET', '/api/user/passkeys', { cookie });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].lastUsedAt).not.toBeNull();

    expect((await s.api('DELETE', `/api/user/passkeys/${listed.body[0].id}`, { cookie })).status).toBe(204);
    expect((await s.api('GET', '/api/user/passkeys', { cookie })).body).toEqual([]);
    expect((await passkeySignIn(s, key)).status).toBe(400);
  });

  it('refuses an answer for another origin, a replayed challenge, an unknown key and a second registration', async () => {
    const s = await start({ allowedOrigins: [origin] });
    const cookie = await s.login();
    const key = new SoftAuthenticator();
    expect((await register(s, cookie, key)).status).toBe(201);
    const wrongOrigin = await passkeySignIn(s, key, 'http://evil.example');
    expect(wrongOrigin).toMatchObject({
      status: 400,
      body: { message: 'Passkey sign-in failed. Use a passkey saved for this site, or your password.' },
    });
    expect(wrongOrigin.headers.getSetCookie().filter((c) => c.startsWith('pn_session='))).toEqual([]);
    // One challenge, one answer.
    const options = await s.api('POST', '/api/login/passkey/options', { headers: { origin } });
    const answer = key.authenticate(options.body, origin);
    const replay = { cookie: challengeCookie(options), headers: { origin }, body: { response: answer } };
    expect((await s.api('POST', '/api/login/passkey', replay)).status).toBe(200);
    expect((await s.api('POST', '/api/login/passkey', replay)).status).toBe(400);
    // Without the challenge the browser holds, a right answer is refused too.
    const bare = await s.api('POST', '/api/login/passkey/options', { headers: { origin } });
    const unheld = { headers: { origin }, body: { response: key.authenticate(bare.body, origin) } };
    expect((await s.api('POST', '/api/login/passkey', unheld)).status).toBe(400);
    expect((await passkeySignIn(s, new SoftAuthenticator())).status).toBe(400);
    // The same authenticator again (a browser honours excludeCredentials; this one does not).
    expect((await register(s, cookie, key)).body).toEqual({ message: 'This passkey is already registered' });
    expect(
      (await s.api('POST', '/api/user/passkeys', { cookie, body: { name: '', response: {} } })).body.message,
    ).toBe('name: Name the passkey');
    expect((await s.api('POST', '/api/user/passkeys/options')).status).toBe(401);
    expect(s.handle.store.count('passkeys')).toBe(1);
  });
});

describe('passkey challenges', () => {
  const origin = 'http://localhost:5999';
  const challengeCookie = (res: { headers: Headers }) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('pn_passkey_'))
      ?.split(';')[0];

  it('anonymous floods of sign-in options never evict the owner’s own challenge', async () => {
    const s = await start({ allowedOrigins: [origin], trustProxy: 1 });
    const cookie = await s.login();
    const key = new SoftAuthenticator();
    await reauth(s, cookie);
    const options = await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } });
    const registered = await s.api('POST', '/api/user/passkeys', {
      cookie: `${cookie}; ${challengeCookie(options)}`,
      headers: { origin },
      body: { name: 'Laptop', response: key.register(options.body, origin) },
    });
    expect(registered.status).toBe(201);

    // The owner's browser asks first; then the audit's flood: 220 option requests from four addresses.
    const mine = await s.api('POST', '/api/login/passkey/options', { headers: { origin } });
    for (let i = 0; i < 220; i++) {
      const flood = await s.api('POST', '/api/login/passkey/options', {
        headers: { origin, 'x-forwarded-for': `203.0.113.${i % 4}` },
      });
      expect(flood.status).toBe(200);
    }
    const signedIn = await s.api('POST', '/api/login/passkey', {
      cookie: challengeCookie(mine),
      headers: { origin },
      body: { response: key.authenticate(mine.body, origin) },
    });
    expect(signedIn.status).toBe(200);
    // Nothing waits in the store for anyone: only the owner's spent challenge, until it expires.
    expect(s.handle.store.count('authChallenges')).toBe(2);
  });

  it('keeps sign-in and registration apart, and a registration to the session that asked', async () => {
    const s = await start({ allowedOrigins: [origin] });
    const cookie = await s.login();
    const other = await s.login();
    await reauth(s, cookie);
    await reauth(s, other);
    const key = new SoftAuthenticator();
    // A sign-in challenge does not register a passkey.
    const signInOptions = await s.api('POST', '/api/login/passkey/options', { headers: { origin } });
    const asRegistration = await s.api('POST', '/api/user/passkeys', {
      cookie: `${cookie}; ${challengeCookie(signInOptions)}`,
      headers: { origin },
      body: {
        name: 'Laptop',
        response: key.register({ challenge: signInOptions.body.challenge, rp: { id: 'localhost' } }, origin),
      },
    });
    expect(asRegistration.status).toBe(400);
    // A registration challenge made for one session is refused in another.
    const options = await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } });
    const elsewhere = await s.api('POST', '/api/user/passkeys', {
      cookie: `${other}; ${challengeCookie(options)}`,
      headers: { origin },
      body: { name: 'Laptop', response: key.register(options.body, origin) },
    });
    expect(elsewhere.status).toBe(400);
    // Registration options are for a session only.
    expect((await s.api('POST', '/api/user/passkeys/options', { headers: { origin } })).status).toBe(401);
    expect(s.handle.store.count('passkeys')).toBe(0);
  });
});

describe('a session alone mints no lasting credential', () => {
  const origin = 'http://localhost:5999';
  const challengeCookie = (res: { headers: Headers }) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('pn_passkey_'))
      ?.split(';')[0];

  it('adding a passkey needs the password (and the code when on) within the last few minutes', async () => {
    const s = await start({ allowedOrigins: [origin] });
    const cookie = await s.login();
    const key = new SoftAuthenticator();
    // The audit's case: the session cookie alone registered a passkey.
    const options = await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } });
    expect(options).toMatchObject({
      status: 403,
      body: {
        message: 'Confirm your password first: this needs a fresh proof that it is you.',
        reauth: true,
      },
    });
    const wrong = await s.api('POST', '/api/user/reauth', { cookie, body: { password: 'not it' } });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'password: Password is incorrect' } });
    expect((await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } })).status).toBe(
      403,
    );
    // With TOTP on, the password alone is not a proof.
    const { secret } = await enableTotp(s, cookie);
    const noCode = await s.api('POST', '/api/user/reauth', { cookie, body: { password: OWNER_PASSWORD } });
    expect(noCode).toMatchObject({ status: 400, body: { secondFactor: 'totp' } });
    await reauth(s, cookie, codeAt(secret));
    const fresh = await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } });
    expect(fresh.status).toBe(200);
    const added = await s.api('POST', '/api/user/passkeys', {
      cookie: `${cookie}; ${challengeCookie(fresh)}`,
      headers: { origin },
      body: { name: 'Laptop', response: key.register(fresh.body, origin) },
    });
    expect(added.status).toBe(201);
    // Another session of the same owner has proved nothing.
    const other = await s.login('admin', OWNER_PASSWORD).catch(() => null);
    expect(other).toBeNull(); // TOTP is on: the password alone does not sign in
    // A proof older than the window no longer counts.
    await s.handle.store.write((tx) => {
      for (const session of tx.all('sessions'))
        tx.update('sessions', session.id, {
          reauthenticatedAt: new Date(Date.now() - 6 * 60_000).toISOString(),
        });
    });
    expect((await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } })).status).toBe(
      403,
    );
    expect(s.handle.store.count('passkeys')).toBe(1);
  });

  it('guessing the current password behind a session meets the sign-in lockout (429)', async () => {
    const s = await start();
    const cookie = await s.login();
    const guesses = {
      currentPassword: 'guess',
      newPassword: 'a new secret',
      confirmPassword: 'a new secret',
    };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await s.api('PUT', '/api/user/password', { cookie, body: guesses })).status);
    // The audit sent 300 guesses and never met a 429.
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    const locked = await s.api('PUT', '/api/user/password', {
      cookie,
      body: { ...guesses, currentPassword: OWNER_PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(locked.body.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    // The same lockout guards the fresh proof and turning TOTP off.
    expect(
      (await s.api('POST', '/api/user/reauth', { cookie, body: { password: OWNER_PASSWORD } })).status,
    ).toBe(429);
    expect(
      (await s.api('POST', '/api/user/totp/disable', { cookie, body: { password: 'x', code: '123456' } }))
        .status,
    ).toBe(429);
  });

  it('a password change and “sign out other sessions” keep passkeys, which still sign in', async () => {
    const s = await start({ allowedOrigins: [origin] });
    const cookie = await s.login();
    const key = new SoftAuthenticator();
    await reauth(s, cookie);
    const options = await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } });
    await s.api('POST', '/api/user/passkeys', {
      cookie: `${cookie}; ${challengeCookie(options)}`,
      headers: { origin },
      body: { name: 'Laptop', response: key.register(options.body, origin) },
    });
    const changed = await s.api('PUT', '/api/user/password', {
      cookie,
      body: { currentPassword: OWNER_PASSWORD, newPassword: 'a new secret', confirmPassword: 'a new secret' },
    });
    expect(changed.status).toBe(204);
    expect((await s.api('POST', '/api/user/sessions/sign-out-others', { cookie })).status).toBe(200);
    expect((await s.api('GET', '/api/user/passkeys', { cookie })).body).toHaveLength(1);
    const signIn = await s.api('POST', '/api/login/passkey/options', { headers: { origin } });
    const signedIn = await s.api('POST', '/api/login/passkey', {
      cookie: challengeCookie(signIn),
      headers: { origin },
      body: { response: key.authenticate(signIn.body, origin) },
    });
    expect(signedIn.status).toBe(200);
  });
});

describe('GET /api/login/options', () => {
  it("answers the owner's username, not a fixed one", async () => {
    const s = await start({ ownerUsername: 'marguerite' });
    expect((await s.api('GET', '/api/login/options')).body).toEqual({ defaultUsername: 'marguerite' });
  });
});
