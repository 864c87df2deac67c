// The vault header (issue 34, docs/decisions/locked-notes-crypto.md): GET/PUT /api/vault, owner only. The header
// is opaque to the server (it opens nothing without the passphrase or recovery key): stored exactly as sent,
// versioned so two devices cannot overwrite each other's. Minimal version for the app half (branch vault-web);
// the server half (branch vault-srv) brings the full one (DELETE, PostgreSQL, backups, live feed).
import { VaultHeaderSchema } from '@private-notes/shared/vault';
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { parseBody } from '../http/validate.ts';

const HEADER_MAX_BYTES = 64 * 1024;

const PutVaultSchema = z.object({
  header: VaultHeaderSchema,
  baseVersion: z.number().int().min(0),
});

interface StoredVault {
  header: unknown;
  version: number;
}

const metaKey = (userId: number) => `vault:${userId}`;

export function createVaultRouter({ auth, store }: Deps): Router {
  const router = Router();
  const read = (userId: number): StoredVault =>
    store.getMeta<StoredVault>(metaKey(userId)) ?? { header: null, version: 0 };

  router.get('/api/vault', auth.requireUser, (req, res) => {
    res.json(read(auth.getUser(req)!.id));
  });

  router.put('/api/vault', auth.requireUser, async (req, res) => {
    if (Buffer.byteLength(JSON.stringify(req.body ?? {})) > HEADER_MAX_BYTES)
      throw new HttpError(413, 'The vault header is larger than 64 KB.');
    const { baseVersion } = parseBody(PutVaultSchema, req);
    // Stored exactly as sent: the schema is loose, fields a later version adds are kept.
    const header = (req.body as { header: unknown }).header;
    const userId = auth.getUser(req)!.id;
    const saved = await store.write((tx) => {
      const current = tx.getMeta<StoredVault>(metaKey(userId)) ?? { header: null, version: 0 };
      if (current.version !== baseVersion) return { conflict: current };
      const next = { header, version: current.version + 1 };
      tx.setMeta(metaKey(userId), next);
      return { next };
    });
    if ('conflict' in saved && saved.conflict)
      throw new HttpError(409, 'The vault changed on another device.', { ...saved.conflict });
    res.json(saved.next);
  });

  return router;
}
