// The TOTP second factor (RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app reads) and its
// recovery codes. Setup offers a secret that changes nothing until a code from it is confirmed; a code is
// accepted once (the last accepted step is kept); recovery codes are shown once, kept as sha256 hashes and
// removed as they are used, all inside the sign-in's own write so two requests cannot use one code twice.
import { createHash, randomBytes } from 'node:crypto';
import type { TotpSetup, TotpStatus } from '@private-notes/shared';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { HttpError } from '../http/http-error.ts';
import type { Store, UserRecord } from '../storage/index.ts';

const PERIOD_S = 30;
const RECOVERY_CODES = 10;
/** Unambiguous letters and digits (no 0/O, 1/I/L): read off paper and typed back. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpFor(user: UserRecord, secret: string): TOTP {
  return new TOTP({
    issuer: 'Private Notes',
    label: user.username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step a 6-digit code belongs to (one step either side for clock drift), or null. */
function stepOf(user: UserRecord, secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(user, secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

function hashRecoveryCode(code: string): string {
  const canonical = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(canonical).digest('base64url');
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export class TwoFactorService {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  isEnabled(userId: number): boolean {
    return Boolean(this.#store.get('users', userId)?.totpSecret);
  }

  status(userId: number): TotpStatus {
    const user = this.#store.get('users', userId);
    return {
      enabled: Boolean(user?.totpSecret),
      recoveryCodesLeft: user?.totpSecret ? (user.recoveryCodeHashes?.length ?? 0) : 0,
    };
  }

  /** A fresh secret to scan; the factor stays as it was until `enable` confirms a code from it. */
  async setup(userId: number): Promise<TotpSetup> {
    const user = this.#user(userId);
    if (user.totpSecret) throw new HttpError(409, 'Two-factor authentication is already on');
    const secret = new Secret({ size: 20 }).base32;
    await this.#store.write((tx) => tx.update('users', userId, { totpPendingSecret: secret }));
    const otpauthUrl = totpFor(user, secret).toString();
    return { secret, otpauthUrl, qrSvg: renderSVG(otpauthUrl, { border: 2 }) };
  }

  /** Confirms the pending secret with a code from it; answers the recovery codes (shown this once only). */
  async enable(userId: number, code: string): Promise<string[]> {
    const user = this.#user(userId);
    const pending = user.totpPendingSecret;
    if (user.totpSecret) throw new HttpError(409, 'Two-factor authentication is already on');
    if (!pending) throw new HttpError(409, 'Start the setup again: no secret is waiting for a code');
    const step = stepOf(user, pending, code, this.#now());
    if (step === null)
      throw new HttpError(400, 'code: That code is not right. Check the time on your device.');
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.#store.write((tx) => {
      const current = tx.get('users', userId);
      if (!current || current.totpSecret || current.totpPendingSecret !== pending) {
        throw new HttpError(409, 'Start the setup again: no secret is waiting for a code');
      }
      tx.update('users', userId, {
        totpSecret: pending,
        totpPendingSecret: null,
        totpLastStep: step,
        recoveryCodeHashes: codes.map(hashRecoveryCode),
        updatedAt: new Date(this.#now()).toISOString(),
      });
    });
    return codes;
  }

  /** Turns the factor off; the caller has proved the owner with the password and a code (auth/owner-proof.ts). */
  async disable(userId: number): Promise<void> {
    this.#user(userId);
    await this.#store.write((tx) =>
      tx.update('users', userId, {
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        recoveryCodeHashes: [],
        updatedAt: new Date(this.#now()).toISOString(),
      }),
    );
  }

  /**
   * Accepts a sign-in's second factor: a current code not used before, or an unused recovery code (then
   * used up). False for anything else, changing nothing.
   */
  async verifySignIn(userId: number, code: string): Promise<boolean> {
    const now = this.#now();
    return this.#store.write((tx) => {
      const user = tx.get('users', userId);
      if (!user?.totpSecret) return false;
      const step = stepOf(user, user.totpSecret, code.trim(), now);
      if (step !== null) {
        if (step <= (user.totpLastStep ?? -1)) return false;
        tx.update('users', userId, { totpLastStep: step });
        return true;
      }
      const hash = hashRecoveryCode(code);
      const left = user.recoveryCodeHashes ?? [];
      if (code.trim().length < 10 || !left.includes(hash)) return false;
      tx.update('users', userId, { recoveryCodeHashes: left.filter((h) => h !== hash) });
      return true;
    });
  }

  /**
   * Whether a refused sign-in code is a current code already used (the one that turned the factor on, or
   * the last sign-in's): the owner is then told to wait for the next one rather than that the code is wrong.
   */
  wasUsed(userId: number, code: string): boolean {
    const user = this.#store.get('users', userId);
    if (!user?.totpSecret) return false;
    const step = stepOf(user, user.totpSecret, code.trim(), this.#now());
    return step !== null && step <= (user.totpLastStep ?? -1);
  }

  #user(userId: number): UserRecord {
    const user = this.#store.get('users', userId);
    if (!user) throw new HttpError(404, 'User not found');
    return user;
  }
}
