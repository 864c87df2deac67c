// Refuses unsafe requests (POST, PUT, PATCH, DELETE) sent from another site: a CSRF guard on top of SameSite.
import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Requests without Origin (curl, server-to-server) pass: browsers always send it on unsafe requests. */
export function originCheck(allowedOrigins: readonly string[] = []): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    // A form posted from a page whose Referrer-Policy is no-referrer (ours) carries `Origin: null`; the
    // browser's own Sec-Fetch-Site, which no page can set, then says whether it came from this site.
    const originOk =
      origin === undefined ||
      allowed.has(origin) ||
      isOwnHost(origin, [req.get('host'), req.host]) ||
      (origin === 'null' && fetchSite === 'same-origin');
    const siteOk =
      fetchSite === undefined || fetchSite !== 'cross-site' || (origin !== undefined && allowed.has(origin));
    if (originOk && siteOk) return next();
    res.status(403).json({ message: 'Cross-origin request refused' });
  };
}

/**
 * Compares hosts only: behind a TLS-terminating proxy the browser's origin is https while Express sees
 * http, and a foreign page cannot forge the Origin header's host anyway.
 */
function isOwnHost(origin: string, ownHosts: (string | undefined)[]): boolean {
  try {
    const { host, protocol } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && ownHosts.includes(host);
  } catch {
    return false;
  }
}
