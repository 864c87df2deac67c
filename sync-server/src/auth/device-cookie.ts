// The device cookie of OWASP's "device cookies" lockout scheme: after a successful sign-in the browser gets
// `nonce.signature`, the signature an HMAC of the (normalised) username and the nonce. A later sign-in for
// the same username that presents it comes from a device that proved itself before, and is judged only by
// its own failures, never by failures from elsewhere.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie } from './read-cookie.ts';

export const DEVICE_COOKIE = 'pn_device';
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** Trimmed and case-folded: `" OWNER "` and `owner` are one account for every limit. */
export function normaliseUsername(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}

export class DeviceCookies {
  readonly #key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the session secret, so a device signature is never a session token hash.
    this.#key = createHmac('sha256', secret).update('pn-device-cookie-v1').digest();
  }

  /** The nonce of a valid device cookie for `username`, or null (none, forged, or another username's). */
  nonceFor(req: Request, username: string): string | null {
    const value = readCookie(req, DEVICE_COOKIE);
    const [nonce, signature, extra] = value?.split('.') ?? [];
    if (!nonce || !signature || extra !== undefined) return null;
    const expected = this.#sign(username, nonce);
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  /** Sets a fresh device cookie for `username` (after a successful sign-in). */
  issue(req: Request, res: Response, username: string): void {
    const nonce = randomBytes(16).toString('base64url');
    res.cookie(DEVICE_COOKIE, `${nonce}.${this.#sign(username, nonce).toString('base64url')}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/api/',
      maxAge: DEVICE_TTL_MS,
    });
  }

  #sign(username: string, nonce: string): Buffer {
    return createHmac('sha256', this.#key)
      .update(`${normaliseUsername(username)}\n${nonce}`)
      .digest();
  }
}
