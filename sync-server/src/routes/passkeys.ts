// Passkeys: the owner registers, lists and removes them (Settings › Security); anyone may sign in with one.
import { PasskeyLoginSchema, PasskeyRegisterSchema, SIGN_IN_API } from '@private-notes/shared';
import { Router } from 'express';
import { relyingPartyFor } from '../auth/relying-party.ts';
import type { Deps } from '../deps.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { parseBody, parseIdParam } from '../http/validate.ts';

const TOO_MANY = 'Too many passkey attempts. Please try again later.';

export function createPasskeysRouter({ auth, config, services, store }: Deps): Router {
  const router = Router();
  // A passkey cannot be guessed, so this only bounds the work anonymous callers can cause.
  const perIp = createRateLimit({
    windowMs: 15 * 60 * 1000,
    limit: 60,
    message: TOO_MANY,
    shared: { store, prefix: 'passkey-login' },
  });

  router.post(SIGN_IN_API.passkeyLoginOptions, perIp, async (req, res) => {
    res.json(await services.passkeys.authenticationOptions(relyingPartyFor(req, config)));
  });

  router.post(SIGN_IN_API.passkeyLogin, perIp, async (req, res) => {
    const { response } = parseBody(PasskeyLoginSchema, req);
    const user = await services.passkeys.authenticate(response, relyingPartyFor(req, config));
    // A passkey proves more than a password: no second factor, and no lockout counts it.
    await auth.signIn(req, res, user.id);
    res.json({ id: user.id, username: user.username });
  });

  router.get(SIGN_IN_API.passkeys, auth.requireUser, (req, res) => {
    res.json(services.passkeys.list(auth.getUser(req)!.id));
  });

  router.post(SIGN_IN_API.passkeyOptions, auth.requireUser, async (req, res) => {
    const user = store.get('users', auth.getUser(req)!.id)!;
    res.json(await services.passkeys.registrationOptions(user, relyingPartyFor(req, config)));
  });

  router.post(SIGN_IN_API.passkeys, auth.requireUser, async (req, res) => {
    const { name, response } = parseBody(PasskeyRegisterSchema, req);
    const created = await services.passkeys.register(
      auth.getUser(req)!.id,
      name,
      response,
      relyingPartyFor(req, config),
    );
    res.status(201).json(created);
  });

  router.delete('/api/user/passkeys/:id', auth.requireUser, async (req, res) => {
    await services.passkeys.remove(auth.getUser(req)!.id, parseIdParam(req));
    res.status(204).end();
  });

  return router;
}
