// Security headers (helmet) with a CSP that lets the built app, its service worker and inline styles work.
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Browsers keep to HTTPS for a year once they have seen it (renewed by every HTTPS answer). */
export const HSTS = 'max-age=31536000';

/**
 * Each response gets a fresh `res.locals.cspNonce`: a server-rendered page may use it for an inline
 * script (`<script nonce="…">`, e.g. the theme script that runs before paint).
 *
 * HSTS is sent only when the request arrived over HTTPS at a proxy the server trusts (`req.secure` with
 * `trust proxy` set): the server itself speaks plain HTTP, and HSTS on a LAN address would lock phones out.
 */
export function securityHeaders({ behindProxy }: { behindProxy: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': locked notes' Argon2id (hash-wasm) compiles WebAssembly; no JavaScript eval.
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
        ],
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
    // Sent below, and only over HTTPS through a trusted proxy (helmet would send it on plain HTTP too).
    strictTransportSecurity: false,
  });
  if (!behindProxy) return [nonce, headers];
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
  return [nonce, headers, hsts];
}
