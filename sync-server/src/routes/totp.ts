// The TOTP second factor of password sign-ins: status, setup (a secret and its QR code), enable with a
// confirming code (answers the recovery codes, once), disable with the password.
import { PasswordConfirmSchema, SIGN_IN_API, TotpCodeSchema } from '@private-notes/shared';
import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { parseBody } from '../http/validate.ts';

export function createTotpRouter({ auth, services }: Deps): Router {
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

  router.post(SIGN_IN_API.totpDisable, async (req, res) => {
    const { password } = parseBody(PasswordConfirmSchema, req);
    await services.twoFactor.disable(auth.getUser(req)!.id, password);
    res.status(204).end();
  });

  return router;
}
