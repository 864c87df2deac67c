// Passkeys: the owner registers, lists and removes them (Settings › Security); anyone may sign in with one.
import { PasskeyLoginSchema, PasskeyRegisterSchema, SIGN_IN_API } from '@private-notes/shared';
import { type Request, Router } from 'express';
import type { ChallengeOwner } from '../auth/challenge-cookie.ts';
import { requireRecentProof } from '../auth/owner-proof.ts';
import { relyingPartyFor } from '../auth/relying-party.ts';
import type { Deps } from '../deps.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { parseBody, parseIdParam } from '../http/validate.ts';

const TOO_MANY = 'Too many passkey attempts. Please try again later.';

export function createPasskeysRouter({ auth, config, services, store }: Deps): Router {
  const router = Router();
  const challenges = services.passkeyChallenges;
  // A passkey cannot be guessed, so this only bounds the work anonymous callers can cause.
  const perIp = createRateLimit({
    windowMs: 15 * 60 * 1000,
    limit: 60,
    message: TOO_MANY,
    shared: { store, prefix: 'passkey-login' },
  });

  router.post(SIGN_IN_API.passkeyLoginOptions, perIp, async (req, res) => {
    const options = await services.passkeys.authenticationOptions(relyingPartyFor(req, config));
    // Held by this browser alone: no one else's options can push it out (auth/challenge-cookie.ts).
    challenges.issue(req, res, 'login', options.challenge, null);
    res.json(options);
  });

  router.post(SIGN_IN_API.passkeyLogin, perIp, async (req, res) => {
    const { response } = parseBody(PasskeyLoginSchema, req);
    const held = challenges.read(req, 'login', null);
    challenges.clear(req, res, 'login');
    const user = await services.passkeys.authenticate(response, relyingPartyFor(req, config), held);
    // A passkey proves more than a password: no second factor, and no lockout counts it.
    await auth.signIn(req, res, user.id);
    res.json({ id: user.id, username: user.username });
  });

  router.get(SIGN_IN_API.passkeys, auth.requireUser, (req, res) => {
    res.json(services.passkeys.list(auth.getUser(req)!.id));
  });

  /** A registration is for the session that asked for it (the challenge is bound to both). */
  const ownerOf = (req: Request): ChallengeOwner => ({
    userId: auth.getUser(req)!.id,
    sessionId: auth.getSession(req)!.id,
  });

  // A passkey is a lasting credential that skips the second factor: a session alone may not add one, only
  // one that proved the owner (password, and code when on) in the last few minutes (auth/owner-proof.ts).
  const recentProof = requireRecentProof(auth);

  router.post(SIGN_IN_API.passkeyOptions, auth.requireUser, recentProof, async (req, res) => {
    const user = store.get('users', auth.getUser(req)!.id)!;
    const options = await services.passkeys.registrationOptions(user, relyingPartyFor(req, config));
    challenges.issue(req, res, 'register', options.challenge, ownerOf(req));
    res.json(options);
  });

  router.post(SIGN_IN_API.passkeys, auth.requireUser, recentProof, async (req, res) => {
    const { name, response } = parseBody(PasskeyRegisterSchema, req);
    const held = challenges.read(req, 'register', ownerOf(req));
    challenges.clear(req, res, 'register');
    const created = await services.passkeys.register(
      auth.getUser(req)!.id,
      name,
      response,
      relyingPartyFor(req, config),
      held,
    );
    res.status(201).json(created);
  });

  router.delete('/api/user/passkeys/:id', auth.requireUser, async (req, res) => {
    await services.passkeys.remove(auth.getUser(req)!.id, parseIdParam(req));
    res.status(204).end();
  });

  return router;
}
