// GET/PUT/DELETE /api/vault (owner only, the same session, origin and CSRF rules as every owner route): the
// vault header of locked notes, versioned (vault-service.ts). The shapes are shared/src/vault/vault-api.ts.
import {
  VAULT_BODY_MAX_BYTES,
  VAULT_PATH,
  VaultDeleteQuerySchema,
  VaultPutSchema,
} from '@private-notes/shared/vault/vault-api';
import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { parseBody, parseQuery } from '../http/validate.ts';

const TOO_LARGE = `The vault header is too large: at most ${VAULT_BODY_MAX_BYTES / 1024} KB.`;

export function createVaultRouter({ auth, services }: Deps): Router {
  const router = Router();
  router.use(VAULT_PATH, auth.requireUser);

  router.get(VAULT_PATH, (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(services.vault.get(auth.getUser(req)!.id));
  });

  router.put(VAULT_PATH, async (req, res) => {
    // The owner's bodies may be megabytes (notes); a header never is.
    const declared = Number(req.headers['content-length'] ?? 0);
    if (
      declared > VAULT_BODY_MAX_BYTES ||
      Buffer.byteLength(JSON.stringify(req.body ?? {})) > VAULT_BODY_MAX_BYTES
    )
      throw new HttpError(413, TOO_LARGE);
    const { header, baseVersion } = parseBody(VaultPutSchema, req);
    res.json(await services.vault.put(auth.getUser(req)!.id, header, baseVersion));
  });

  router.delete(VAULT_PATH, async (req, res) => {
    const { version } = parseQuery(VaultDeleteQuerySchema, req);
    await services.vault.remove(auth.getUser(req)!.id, version);
    res.status(204).end();
  });

  return router;
}
