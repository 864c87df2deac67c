// Passkeys (WebAuthn, verified by @simplewebauthn/server): registration by the signed-in owner and sign-in
// without a password. Each challenge is kept in the store (so any instance can check the answer), used once
// (taken out in a write before the answer is verified) and only for five minutes.
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
import type { RelyingParty } from '../auth/relying-party.ts';
import { HttpError } from '../http/http-error.ts';
import type { AuthChallengeRecord, PasskeyRecord, Store, UserRecord } from '../storage/index.ts';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Challenges waiting at once, at most: anonymous sign-in options cannot fill the store. */
const MAX_OPEN_CHALLENGES = 200;
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
    await this.#keepChallenge(options.challenge, 'register', user.id);
    return options;
  }

  async register(userId: number, name: string, response: unknown, rp: RelyingParty): Promise<PasskeyInfo> {
    const answer = response as RegistrationResponseJSON;
    const challenge = await this.#takeChallenge(answer, 'register', userId);
    if (!challenge) throw new HttpError(400, REGISTER_FAILED);
    const verified = await verifyRegistrationResponse({
      response: answer,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) throw new HttpError(400, REGISTER_FAILED);
    const { credential } = verified.registrationInfo;
    const created = await this.#store.write((tx) => {
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
    const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred' });
    await this.#keepChallenge(options.challenge, 'login', null);
    return options;
  }

  /** The passkey's owner when the browser's answer verifies; a 400 otherwise, with nothing changed. */
  async authenticate(response: unknown, rp: RelyingParty): Promise<UserRecord> {
    const answer = response as AuthenticationResponseJSON;
    const challenge = await this.#takeChallenge(answer, 'login', null);
    const passkey =
      typeof answer.id === 'string' ? this.#store.lookup('passkeys', 'credentialId', answer.id) : null;
    if (!challenge || !passkey) throw new HttpError(400, SIGN_IN_FAILED);
    const verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge.challenge,
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
      if (!tx.get('passkeys', passkey.id)) throw new HttpError(400, SIGN_IN_FAILED);
      tx.update('passkeys', passkey.id, {
        counter: verified.authenticationInfo.newCounter,
        lastUsedAt: new Date().toISOString(),
      });
    });
    return user;
  }

  async #keepChallenge(challenge: string, purpose: AuthChallengeRecord['purpose'], userId: number | null) {
    const now = Date.now();
    await this.#store.write((tx) => {
      const open: AuthChallengeRecord[] = [];
      for (const c of tx.all('authChallenges')) {
        if (Date.parse(c.expiresAt) <= now) tx.remove('authChallenges', c.id);
        else open.push(c);
      }
      // The oldest make room: a flood of sign-in options only ever costs its own earlier challenges.
      for (const c of open.slice(0, Math.max(0, open.length - MAX_OPEN_CHALLENGES + 1))) {
        tx.remove('authChallenges', c.id);
      }
      tx.insert('authChallenges', {
        challenge,
        purpose,
        userId,
        expiresAt: new Date(now + CHALLENGE_TTL_MS).toISOString(),
      });
    });
  }

  /** Takes the answer's challenge out of the store (once): null when unknown, expired or for another use. */
  async #takeChallenge(
    answer: { response?: { clientDataJSON?: unknown } },
    purpose: AuthChallengeRecord['purpose'],
    userId: number | null,
  ): Promise<AuthChallengeRecord | null> {
    const challenge = challengeOf(answer);
    if (!challenge) return null;
    return this.#store.write((tx) => {
      const kept = tx.lookup('authChallenges', 'challenge', challenge);
      if (!kept || kept.purpose !== purpose || kept.userId !== userId) return null;
      tx.remove('authChallenges', kept.id);
      return Date.parse(kept.expiresAt) > Date.now() ? kept : null;
    });
  }
}
