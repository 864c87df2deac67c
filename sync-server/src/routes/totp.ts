// The TOTP second factor of password sign-ins: status, setup (a secret and its QR code), enable with a
// confirming code (answers the recovery codes, once), disable with the password and a code.
import { SIGN_IN_API, TotpCodeSchema, TotpDisableSchema } from '@private-notes/shared';
import { Router } from 'express';
import { proveOwner } from '../auth/owner-proof.ts';
import type { Deps } from '../deps.ts';
import { parseBody } from '../http/validate.ts';

export function createTotpRouter({ auth, services, store }: Deps): Router {
  const router = Router();
  router.use(SIGN_IN_API.totp, auth.requireUser);

  router.get(SIGN_IN_API.totp, (req, res) => {
    res.json(services.twoFactor.status(auth.getUser(req)!.id));
  });

  router.post(SIGN_IN_API.totpSetup, async (req, res) => {
    // The secret is sensitive: never kept by a cache on the way.
    res.set('Cache-Control', 'no-store');
    res.json(await services.twoFactor.setup(auth.getUser(req)!.id));
  });

  router.post(SIGN_IN_API.totpEnable, async (req, res) => {
    const { code } = parseBody(TotpCodeSchema, req);
    const recoveryCodes = await services.twoFactor.enable(auth.getUser(req)!.id, code);
    res.set('Cache-Control', 'no-store');
    res.json({ recoveryCodes });
  });

  // The password and a code, under the sign-in lockout: a session alone cannot turn the factor off.
  router.post(SIGN_IN_API.totpDisable, async (req, res) => {
    const proof = parseBody(TotpDisableSchema, req);
    const userId = auth.getUser(req)!.id;
    await proveOwner(services, store, req, res, userId, proof, { field: 'password', withCode: true });
    await services.twoFactor.disable(userId);
    res.status(204).end();
  });

  return router;
}
