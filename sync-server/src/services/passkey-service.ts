// Passkeys (WebAuthn, verified by @simplewebauthn/server): registration by the signed-in owner and sign-in
// without a password. Each challenge is held by the browser that asked for it (auth/challenge-cookie.ts:
// signed, bound to its kind and, for a registration, to the session; five minutes), so strangers cannot
// flush it; it is used once: an answer that verified records its challenge as spent in the same write that
// uses it, until the challenge would have expired anyway. Only verified answers write, so the spent list
// holds no more than the owner's own ceremonies of the last five minutes.
import type { PasskeyInfo } from '@private-notes/shared';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { HeldChallenge } from '../auth/challenge-cookie.ts';
import type { RelyingParty } from '../auth/relying-party.ts';
import { HttpError } from '../http/http-error.ts';
import type { AuthChallengeRecord, PasskeyRecord, Store, UserRecord, WriteTx } from '../storage/index.ts';

export const PASSKEYS_MAX = 20;
const REGISTER_FAILED = 'The passkey could not be verified. Please try again.';
const SIGN_IN_FAILED = 'Passkey sign-in failed. Use a passkey saved for this site, or your password.';

export function toPasskeyInfo(p: PasskeyRecord): PasskeyInfo {
  return { id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt };
}

/** The challenge the browser signed, read from its client data (verified again by the library). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const data = response.response?.clientDataJSON;
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

export class PasskeyService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  list(userId: number): PasskeyInfo[] {
    return this.#store
      .filter('passkeys', (p) => p.userId === userId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
      .map(toPasskeyInfo);
  }

  async registrationOptions(
    user: UserRecord,
    rp: RelyingParty,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = this.#store.filter('passkeys', (p) => p.userId === user.id);
    if (existing.length >= PASSKEYS_MAX) throw new HttpError(409, `At most ${PASSKEYS_MAX} passkeys`);
    const options = await generateRegistrationOptions({
      rpName: 'Private Notes',
      rpID: rp.rpID,
      userName: user.username,
      userID: new TextEncoder().encode(`pn-user-${user.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      // A discoverable credential: sign-in then needs no username.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return options;
  }

  /** Adds the passkey the browser's answer to `held` (the challenge it holds) describes. */
  async register(
    userId: number,
    name: string,
    response: unknown,
    rp: RelyingParty,
    held: HeldChallenge | null,
  ): Promise<PasskeyInfo> {
    const answer = response as RegistrationResponseJSON;
    if (!held || challengeOf(answer) !== held.challenge) throw new HttpError(400, REGISTER_FAILED);
    const verified = await verifyRegistrationResponse({
      response: answer,
      expectedChallenge: held.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) throw new HttpError(400, REGISTER_FAILED);
    const { credential } = verified.registrationInfo;
    const created = await this.#store.write((tx) => {
      if (!spend(tx, held, 'register', userId)) throw new HttpError(400, REGISTER_FAILED);
      if (tx.lookup('passkeys', 'credentialId', credential.id)) {
        throw new HttpError(409, 'This passkey is already registered');
      }
      return tx.insert('passkeys', {
        userId,
        name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
      });
    });
    return toPasskeyInfo(created);
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.#store.write((tx) => {
      if (tx.get('passkeys', id)?.userId !== userId) throw new HttpError(404, 'Passkey not found');
      tx.remove('passkeys', id);
    });
  }

  async authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred' });
  }

  /** The passkey's owner when the browser's answer to `held` verifies; a 400 otherwise, with nothing changed. */
  async authenticate(response: unknown, rp: RelyingParty, held: HeldChallenge | null): Promise<UserRecord> {
    const answer = response as AuthenticationResponseJSON;
    const passkey =
      typeof answer.id === 'string' ? this.#store.lookup('passkeys', 'credentialId', answer.id) : null;
    if (!held || challengeOf(answer) !== held.challenge || !passkey) throw new HttpError(400, SIGN_IN_FAILED);
    const verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: held.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) throw new HttpError(400, SIGN_IN_FAILED);
    const user = this.#store.get('users', passkey.userId);
    if (!user) throw new HttpError(400, SIGN_IN_FAILED);
    await this.#store.write((tx) => {
      if (!tx.get('passkeys', passkey.id) || !spend(tx, held, 'login', null))
        throw new HttpError(400, SIGN_IN_FAILED);
      tx.update('passkeys', passkey.id, {
        counter: verified.authenticationInfo.newCounter,
        lastUsedAt: new Date().toISOString(),
      });
    });
    return user;
  }
}

/**
 * Records `held` as used, in the write that uses it; false when it was used before (a replayed answer).
 * Spent challenges past their expiry are dropped: the cookie's own expiry refuses them from then on.
 */
function spend(
  tx: WriteTx,
  held: HeldChallenge,
  purpose: AuthChallengeRecord['purpose'],
  userId: number | null,
): boolean {
  const now = Date.now();
  for (const c of tx.all('authChallenges'))
    if (Date.parse(c.expiresAt) <= now) tx.remove('authChallenges', c.id);
  if (tx.lookup('authChallenges', 'challenge', held.challenge)) return false;
  tx.insert('authChallenges', {
    challenge: held.challenge,
    purpose,
    userId,
    expiresAt: new Date(held.expiresAt).toISOString(),
  });
  return true;
}
