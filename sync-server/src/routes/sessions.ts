// The owner's signed-in sessions (Settings › Security): list them, end one, or end every other.
import { describeUserAgent, type SessionInfo, SIGN_IN_API } from '@private-notes/shared';
import { Router } from 'express';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { parseIdParam } from '../http/validate.ts';

export function createSessionsRouter({ auth, services }: Deps): Router {
  const router = Router();
  router.use(SIGN_IN_API.sessions, auth.requireUser);

  router.get(SIGN_IN_API.sessions, (req, res) => {
    const current = auth.getSession(req)!.id;
    const list: SessionInfo[] = services.sessions.listFor(auth.getUser(req)!.id).map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      address: s.address ?? null,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.id === current,
    }));
    res.json(list);
  });

  router.post(SIGN_IN_API.sessionsSignOutOthers, async (req, res) => {
    const ended = await services.sessions.destroyOthers(auth.getUser(req)!.id, auth.getSession(req)!.id);
    res.json({ ended });
  });

  router.delete('/api/user/sessions/:id', async (req, res) => {
    const id = parseIdParam(req);
    if (id === auth.getSession(req)!.id) {
      // This device signs out through POST /api/logout, which also clears its cookie.
      throw new HttpError(400, 'This is the session you are using: sign out instead');
    }
    if (!(await services.sessions.destroyFor(auth.getUser(req)!.id, id))) {
      throw new HttpError(404, 'Session not found');
    }
    res.status(204).end();
  });

  return router;
}
