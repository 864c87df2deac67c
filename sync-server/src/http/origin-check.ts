// Refuses unsafe requests (POST, PUT, PATCH, DELETE) sent from another site: a CSRF guard on top of SameSite.
import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Requests without Origin (curl, server-to-server) pass: browsers always send it on unsafe requests. */
export function originCheck(allowedOrigins: readonly string[] = []): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const own = `${req.protocol}://${req.get('host')}`;
    const originOk = origin === undefined || origin === own || allowed.has(origin);
    const fetchSite = req.get('sec-fetch-site');
    const siteOk =
      fetchSite === undefined || fetchSite !== 'cross-site' || (origin !== undefined && allowed.has(origin));
    if (originOk && siteOk) return next();
    res.status(403).json({ message: 'Cross-origin request refused' });
  };
}
