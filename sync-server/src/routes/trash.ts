// The Trash (owner only): deleted notes kept 30 days, restored with their history or removed for good.
import { API } from '@private-notes/shared';
import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { parseIdParam } from '../http/validate.ts';

export function createTrashRouter({ auth, services }: Deps): Router {
  const router = Router();
  router.use(API.trash, auth.requireUser);

  router.get(API.trash, (req, res) => {
    res.json(services.trash.list(auth.getUser(req)!.id));
  });

  router.delete(API.trash, async (req, res) => {
    res.json({ removed: await services.trash.empty(auth.getUser(req)!.id) });
  });

  router.post('/api/trash/:id/restore', async (req, res) => {
    res.json(await services.trash.restore(auth.getUser(req)!.id, parseIdParam(req)));
  });

  router.delete('/api/trash/:id', async (req, res) => {
    await services.trash.deleteForever(auth.getUser(req)!.id, parseIdParam(req));
    res.status(204).end();
  });

  return router;
}
