// Revision history of one note (owner only): the list of kept states, and one of them with its text.
import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { parseIdParam } from '../http/validate.ts';

export function createRevisionsRouter({ auth, services }: Deps): Router {
  const router = Router();
  router.use('/api/notes/:id/revisions', auth.requireUser);

  router.get('/api/notes/:id/revisions', (req, res) => {
    res.json(services.revisions.list(auth.getUser(req)!.id, parseIdParam(req)));
  });

  router.get('/api/notes/:id/revisions/:rid', (req, res) => {
    const userId = auth.getUser(req)!.id;
    res.json(services.revisions.get(userId, parseIdParam(req), parseIdParam(req, 'rid')));
  });

  return router;
}
