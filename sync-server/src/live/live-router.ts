// GET /api/live: the signed-in device's event stream (text/event-stream). Never compressed or buffered on
// the way: proxies are told so (X-Accel-Buffering, no-transform), and app.ts keeps compression off it.
import { LIVE_PATH } from '@private-notes/shared';
import { Router } from 'express';
import type { Auth } from '../auth/auth.ts';
import { HttpError } from '../http/http-error.ts';
import type { LiveHub } from './live-hub.ts';

/** Last-Event-ID (or `?since=` for clients that cannot set headers): a sequence number, or null. */
function resumeFrom(header: string | undefined, query: unknown): number | null {
  const raw = header ?? (typeof query === 'string' ? query : undefined);
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,15}$/.test(raw)) throw new HttpError(400, 'Last-Event-ID must be a sequence number');
  return Number(raw);
}

export function createLiveRouter({ auth, hub }: { auth: Auth; hub: LiveHub }): Router {
  const router = Router();
  router.get(LIVE_PATH, auth.requireUser, (req, res) => {
    const since = resumeFrom(req.get('last-event-id'), req.query.since);
    const session = auth.getSession(req)!;
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.setHeader('Connection', 'keep-alive');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    hub.open(session.id, res, since);
  });
  return router;
}
