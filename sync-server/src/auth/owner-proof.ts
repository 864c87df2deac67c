// A fresh proof that the owner is at the keyboard, for what a stolen session alone must not do: adding a
// passkey (a lasting credential that skips the second factor), turning TOTP off, changing the password.
// The password, and a code when TOTP is on, checked under the sign-in lockout (auth/sign-in-guard.ts): a
// session cannot be used to guess the password faster than the sign-in form allows. A proof marks the
// session (`reauthenticatedAt`); `requireRecentProof` lets through only a session that gave one within
// REAUTH_WINDOW_MS.
import { REAUTH_REQUIRED_MESSAGE, REAUTH_WINDOW_MS } from '@private-notes/shared';
import type { Request, RequestHandler, Response } from 'express';
import type { Services } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import type { Store } from '../storage/index.ts';
import type { Auth } from './auth.ts';
import { tooManyAttemptsMessage } from './lockout-policy.ts';
import { verifyPassword } from './password.ts';

export interface ProofOptions {
  /** The body field the password came in (named in the error). */
  field: 'password' | 'currentPassword';
  /** Whether the second factor is asked for too when it is on. */
  withCode: boolean;
}

/**
 * Checks the signed-in owner's password (and code) under the sign-in lockout; throws the answer otherwise:
 * 429 while locked, 400 naming the wrong field. A success forgets the failures, as a sign-in does.
 */
export async function proveOwner(
  { signInGuard, twoFactor }: Pick<Services, 'signInGuard' | 'twoFactor'>,
  store: Store,
  req: Request,
  res: Response,
  userId: number,
  proof: { password: string; code?: string | undefined },
  options: ProofOptions,
): Promise<void> {
  const user = store.get('users', userId);
  if (!user) throw new HttpError(401, 'Not authenticated');
  const attempt = await signInGuard.check(req, user.username);
  if (attempt.waitMs > 0) {
    res.set('Retry-After', String(Math.ceil(attempt.waitMs / 1000)));
    throw new HttpError(429, tooManyAttemptsMessage(attempt.waitMs));
  }
  if (!(await verifyPassword(proof.password, user.passwordHash)))
    throw new HttpError(
      400,
      options.field === 'currentPassword'
        ? 'currentPassword: Current password is incorrect'
        : 'password: Password is incorrect',
    );
  if (options.withCode && twoFactor.isEnabled(userId)) {
    if (!proof.code)
      throw new HttpError(400, 'code: Enter the code from your authenticator app', { secondFactor: 'totp' });
    if (!(await twoFactor.verifySignIn(userId, proof.code)))
      throw new HttpError(400, 'code: That code is not right', { secondFactor: 'totp' });
  }
  await attempt.succeed(res);
}

/** 403 unless this session proved the owner within REAUTH_WINDOW_MS (POST /api/user/reauth). */
export function requireRecentProof(auth: Auth, now: () => number = Date.now): RequestHandler {
  return (req, res, next) => {
    const at = auth.getSession(req)?.reauthenticatedAt;
    if (at && now() - Date.parse(at) < REAUTH_WINDOW_MS) return next();
    res.status(403).json({ message: REAUTH_REQUIRED_MESSAGE, reauth: true });
  };
}
