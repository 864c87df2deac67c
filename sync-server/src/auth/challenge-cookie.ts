// Passkey challenges held by the browser that asked for them: a cookie per kind (`pn_passkey_login`,
// `pn_passkey_register`) holding `challenge.expiresAt.mac`, the MAC an HMAC (a key of its own, derived from
// the session secret) of the kind, the challenge, its expiry and, for a registration, the user and session
// it was made for. The server keeps no open challenge, so no number of strangers asking for options can
// evict the owner's own (they once shared 200 slots in the store, oldest dropped first). Each challenge is
// used once: passkey-service.ts records it as spent, only after an answer verified, in the same write.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie } from './read-cookie.ts';

export type ChallengeKind = 'login' | 'register';
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const COOKIE = { login: 'pn_passkey_login', register: 'pn_passkey_register' } as const;

/** Whom a registration challenge was made for (a sign-in's is anyone's). */
export interface ChallengeOwner {
  userId: number;
  sessionId: number;
}

export interface HeldChallenge {
  challenge: string;
  expiresAt: number;
}

export class ChallengeCookies {
  readonly #key: Buffer;
  readonly #now: () => number;

  constructor(secret: string, now: () => number = Date.now) {
    this.#key = createHmac('sha256', secret).update('pn-passkey-challenge-v1').digest();
    this.#now = now;
  }

  /** Gives the browser `challenge` for `kind`, replacing the one it held for that kind. */
  issue(req: Request, res: Response, kind: ChallengeKind, challenge: string, owner: ChallengeOwner | null) {
    const expiresAt = this.#now() + CHALLENGE_TTL_MS;
    const mac = this.#sign(kind, challenge, expiresAt, owner).toString('base64url');
    res.cookie(COOKIE[kind], `${challenge}.${expiresAt}.${mac}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/api/',
      maxAge: CHALLENGE_TTL_MS,
    });
  }

  /** The challenge the browser holds for `kind` (and `owner`), or null: none, forged, expired or another's. */
  read(req: Request, kind: ChallengeKind, owner: ChallengeOwner | null): HeldChallenge | null {
    const [challenge, expires, mac, extra] = readCookie(req, COOKIE[kind])?.split('.') ?? [];
    if (!challenge || !expires || !mac || extra !== undefined || !/^\d+$/.test(expires)) return null;
    const expiresAt = Number(expires);
    if (expiresAt <= this.#now()) return null;
    const expected = this.#sign(kind, challenge, expiresAt, owner);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { challenge, expiresAt };
  }

  /** The challenge was answered (or refused): the browser forgets it. */
  clear(req: Request, res: Response, kind: ChallengeKind): void {
    res.clearCookie(COOKIE[kind], { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/api/' });
  }

  #sign(kind: ChallengeKind, challenge: string, expiresAt: number, owner: ChallengeOwner | null): Buffer {
    const bound = owner ? `${owner.userId}\n${owner.sessionId}` : '';
    return createHmac('sha256', this.#key).update(`${kind}\n${challenge}\n${expiresAt}\n${bound}`).digest();
  }
}
