// Sign-in and the owner account: current user, login (lockout by device, address and username; the TOTP
// second factor when on), registration while empty, logout, password change.
import {
  CODE_ALREADY_USED,
  type LoginOptions,
  LoginSchema,
  PasswordChangeSchema,
  ReauthSchema,
  RegisterSchema,
  type SecondFactorRequired,
  SIGN_IN_API,
} from '@private-notes/shared';
import { Router } from 'express';
import { tooManyAttemptsMessage } from '../auth/lockout-policy.ts';
import { type ProofOptions, proveOwner } from '../auth/owner-proof.ts';
import type { Deps } from '../deps.ts';
import { parseBody } from '../http/validate.ts';

const PASSWORD_ONLY: ProofOptions = { field: 'currentPassword', withCode: false };
const WITH_CODE: ProofOptions = { field: 'password', withCode: true };

export function createAuthRouter({ auth, config, services, store }: Deps): Router {
  const router = Router();

  router.get('/api/user', (req, res) => {
    const user = auth.getUser(req);
    if (!user) {
      res.status(401).json({ message: 'Not authenticated' });
      return;
    }
    res.json(user);
  });

  // The sign-in form's default username: the owner's own (OWNER_USERNAME), not a fixed one. Sign-in is
  // safe with the name known: strangers' failures never lock the owner's devices (auth/sign-in-guard.ts).
  router.get(SIGN_IN_API.loginOptions, (_req, res) => {
    const owner = store.all('users')[0];
    res.json({ defaultUsername: owner?.username ?? config.ownerUsername } satisfies LoginOptions);
  });

  router.post('/api/login', async (req, res) => {
    const { username, password, code } = parseBody(LoginSchema, req);
    const attempt = await services.signInGuard.check(req, username);
    if (attempt.waitMs > 0) {
      res.set('Retry-After', String(Math.ceil(attempt.waitMs / 1000)));
      res.status(429).json({ message: tooManyAttemptsMessage(attempt.waitMs) });
      return;
    }
    const user = await services.users.verifyCredentials(username, password);
    if (!user) {
      res.status(401).json({ message: 'Invalid username or password' });
      return;
    }
    // The attempt stays counted as a failure until the second factor is right too: a right password
    // alone never resets the lockout, so it cannot be confirmed by guessing at leisure.
    if (services.twoFactor.isEnabled(user.id)) {
      const ok = code ? await services.twoFactor.verifySignIn(user.id, code) : false;
      if (!ok) {
        const used = code ? services.twoFactor.wasUsed(user.id, code) : false;
        res.status(401).json({
          message: used
            ? CODE_ALREADY_USED
            : code
              ? 'Invalid authentication code'
              : 'Enter the code from your authenticator app',
          secondFactor: 'totp',
          ...(used ? { reason: 'used' as const } : {}),
        } satisfies SecondFactorRequired);
        return;
      }
    }
    // The session cookie first: clients that read one cookie from the answer take the session's.
    await auth.signIn(req, res, user.id);
    await attempt.succeed(res);
    res.json({ id: user.id, username: user.username });
  });

  router.post('/api/register', async (req, res) => {
    if (services.users.hasUsers()) {
      res.status(403).json({ message: 'Registration is closed' });
      return;
    }
    const { username, password } = parseBody(RegisterSchema, req);
    const user = await services.users.register(username, password);
    await auth.signIn(req, res, user.id);
    res.status(201).json({ id: user.id, username: user.username });
  });

  router.post('/api/logout', async (req, res) => {
    await auth.signOut(req, res);
    res.status(204).end();
  });

  // The current password is checked under the sign-in lockout: a session alone cannot guess it faster
  // than the sign-in form allows (auth/owner-proof.ts). Other sessions end; passkeys stay (the screen says so)
  // unless the owner asks them gone with `removePasskeys`, removed in the same write as the new password.
  router.put('/api/user/password', auth.requireUser, async (req, res) => {
    const body = parseBody(PasswordChangeSchema, req);
    const user = auth.getUser(req)!;
    await proveOwner(services, store, req, res, user.id, { password: body.currentPassword }, PASSWORD_ONLY);
    await services.users.setPassword(user.id, body.newPassword, {
      removePasskeys: body.removePasskeys === true,
    });
    await services.sessions.destroyOthers(user.id, auth.getSession(req)!.id);
    res.status(204).end();
  });

  // A fresh proof for this session (password, and the code when TOTP is on): adding a passkey asks for one.
  router.post(SIGN_IN_API.reauth, auth.requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const proof = parseBody(ReauthSchema, req);
    await proveOwner(services, store, req, res, auth.getUser(req)!.id, proof, WITH_CODE);
    await services.sessions.markReauthenticated(auth.getSession(req)!.id);
    res.status(204).end();
  });

  return router;
}
