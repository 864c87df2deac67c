// Security headers (helmet) with a CSP that lets the built app, its service worker and inline styles work.
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Each response gets a fresh `res.locals.cspNonce`: a server-rendered page may use it for an inline
 * script (`<script nonce="…">`, e.g. the theme script that runs before paint).
 */
export function securityHeaders(): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        // Chakra/emotion and the markdown editor inject style elements at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Served over plain HTTP on a LAN too: upgrading would break every asset there.
        upgradeInsecureRequests: null,
      },
    },
    // Same reason: HSTS on a LAN address would lock phones out of the plain-HTTP server.
    strictTransportSecurity: false,
  });
  return [nonce, headers];
}
