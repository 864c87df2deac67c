// The owner's settings: GET answers saved values or the defaults; PUT replaces the whole validated object.
import { SettingsSchema } from '@private-notes/shared';
import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { parseBody } from '../http/validate.ts';

export function createSettingsRouter({ auth, services }: Deps): Router {
  const router = Router();

  router.get('/api/user/settings', auth.requireUser, (req, res) => {
    res.json(services.settings.get(auth.getUser(req)!.id));
  });

  router.put('/api/user/settings', auth.requireUser, async (req, res) => {
    const settings = parseBody(SettingsSchema, req);
    res.json(await services.settings.put(auth.getUser(req)!.id, settings));
  });

  return router;
}
