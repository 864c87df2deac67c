// Issue 33 item 5's last clause over real HTTP: a password change can also remove every passkey, when the
// owner asks (`removePasskeys`), in the same write as the new password; a refused change removes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER_PASSWORD, startTestServer, type TestServer } from './helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

const origin = 'http://localhost:5999';
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const challengeCookie = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('pn_passkey_'))!
    .split(';')[0]!;

/** The owner signed in with two passkeys registered (after a fresh proof, as the server asks). */
async function ownerWithTwoPasskeys() {
  const s = await startTestServer({ allowedOrigins: [origin] });
  servers.push(s);
  const cookie = await s.login();
  const reauth = await s.api('POST', '/api/user/reauth', { cookie, body: { password: OWNER_PASSWORD } });
  expect(reauth.status).toBe(204);
  const keys = [new SoftAuthenticator(), new SoftAuthenticator()];
  for (const [i, key] of keys.entries()) {
    const options = await s.api('POST', '/api/user/passkeys/options', { cookie, headers: { origin } });
    const added = await s.api('POST', '/api/user/passkeys', {
      cookie: `${cookie}; ${challengeCookie(options)}`,
      headers: { origin },
      body: { name: `Key ${i + 1}`, response: key.register(options.body, origin) },
    });
    expect(added.status).toBe(201);
  }
  return { s, cookie, keys };
}

async function passkeySignIn(s: TestServer, key: SoftAuthenticator) {
  const options = await s.api('POST', '/api/login/passkey/options', { headers: { origin } });
  return s.api('POST', '/api/login/passkey', {
    cookie: challengeCookie(options),
    headers: { origin },
    body: { response: key.authenticate(options.body, origin) },
  });
}

const change = (currentPassword: string, extra: Record<string, unknown>) => ({
  currentPassword,
  newPassword: 'a new secret',
  confirmPassword: 'a new secret',
  ...extra,
});

describe('a password change that also removes the passkeys', () => {
  it('removes every passkey with the new password when asked; none of them signs in any more', async () => {
    const { s, cookie, keys } = await ownerWithTwoPasskeys();
    const changed = await s.api('PUT', '/api/user/password', {
      cookie,
      body: change(OWNER_PASSWORD, { removePasskeys: true }),
    });
    expect(changed.status).toBe(204);
    expect((await s.api('GET', '/api/user/passkeys', { cookie })).body).toEqual([]);
    expect(s.handle.store.count('passkeys')).toBe(0);
    for (const key of keys) expect((await passkeySignIn(s, key)).status).toBe(400);
    expect(await s.login('admin', 'a new secret')).toMatch(/^pn_session=/);
  });

  it('keeps them when not asked, or asked false', async () => {
    const { s, cookie, keys } = await ownerWithTwoPasskeys();
    const kept = await s.api('PUT', '/api/user/password', {
      cookie,
      body: change(OWNER_PASSWORD, { removePasskeys: false }),
    });
    expect(kept.status).toBe(204);
    expect(s.handle.store.count('passkeys')).toBe(2);
    expect((await passkeySignIn(s, keys[0]!)).status).toBe(200);
  });

  it('removes nothing when the change is refused: a wrong current password or a malformed flag', async () => {
    const { s, cookie, keys } = await ownerWithTwoPasskeys();
    const wrong = await s.api('PUT', '/api/user/password', {
      cookie,
      body: change('not the password', { removePasskeys: true }),
    });
    expect(wrong.status).toBe(400);
    const malformed = await s.api('PUT', '/api/user/password', {
      cookie,
      body: change(OWNER_PASSWORD, { removePasskeys: 'yes' }),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/removePasskeys/);
    expect(s.handle.store.count('passkeys')).toBe(2);
    expect((await passkeySignIn(s, keys[1]!)).status).toBe(200);
    expect(await s.login('admin', OWNER_PASSWORD)).toMatch(/^pn_session=/);
  });
});
