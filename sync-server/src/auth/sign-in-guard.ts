// Who may try a password now (OWASP's device-cookie lockout): a device holding a valid device cookie for the
// username is judged by its own failures only, so strangers failing elsewhere never lock the owner out of a
// device they used before; every other attempt is limited per address and per (normalised) username, with a
// delay that grows with each failure. The counters live in the store's failure store, so with PostgreSQL
// every instance enforces the same lockout.
import type { Request, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { FailureStore } from '../storage/failure-store.ts';
import type { Store } from '../storage/index.ts';
import { DeviceCookies, normaliseUsername } from './device-cookie.ts';
import { type LockoutPolicy, lockedForMs } from './lockout-policy.ts';

/** Failures are forgotten after a day without one. */
const FORGET_MS = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

/** Unknown devices, per username: 5 free failures, then 1, 2, 4… minutes, at most an hour. */
export const USERNAME_POLICY: LockoutPolicy = {
  freeFailures: 5,
  firstDelayMs: MINUTE,
  maxDelayMs: 60 * MINUTE,
};
/** Unknown devices, per address (IPv6 grouped by /56): more room, as several people may share one. */
export const ADDRESS_POLICY: LockoutPolicy = {
  freeFailures: 10,
  firstDelayMs: MINUTE,
  maxDelayMs: 60 * MINUTE,
};
/** A known device, per device cookie: a stolen cookie buys 10 guesses, then it counts as unknown again. */
export const DEVICE_POLICY: LockoutPolicy = {
  freeFailures: 10,
  firstDelayMs: MINUTE,
  maxDelayMs: 60 * MINUTE,
};

/** One sign-in attempt, judged (and already counted as a failure) before the password is checked. */
export interface SignInAttempt {
  /** Milliseconds to wait; 0 means the attempt may go ahead. */
  waitMs: number;
  /** Forgets this attempt's failures and gives the browser a (fresh) device cookie. */
  succeed(res: Response): Promise<void>;
}

type Limit = [store: FailureStore, key: string, policy: LockoutPolicy];

export class SignInGuard {
  readonly #devices: DeviceCookies;
  readonly #byUsername: FailureStore;
  readonly #byAddress: FailureStore;
  readonly #byDevice: FailureStore;
  readonly #now: () => number;

  constructor(store: Store, secret: string, now: () => number = Date.now) {
    this.#devices = new DeviceCookies(secret);
    this.#byUsername = store.failureStore('signin-username', FORGET_MS);
    this.#byAddress = store.failureStore('signin-address', FORGET_MS);
    this.#byDevice = store.failureStore('signin-device', FORGET_MS);
    this.#now = now;
  }

  /**
   * Judges an attempt for `username`. An attempt that may go ahead is counted as a failure at once and
   * forgotten on success: parallel guesses cannot all slip through before the first one is counted, and a
   * right password without its second factor still counts.
   */
  async check(req: Request, username: string): Promise<SignInAttempt> {
    const name = normaliseUsername(username);
    const nonce = this.#devices.nonceFor(req, name);
    if (nonce) {
      const device: Limit = [this.#byDevice, nonce, DEVICE_POLICY];
      const waitMs = await this.#admit([device]);
      // A device that used up its own allowance is treated as unknown (OWASP), not refused outright.
      if (waitMs === 0) return this.#attempt(req, name, [device]);
    }
    const limits: Limit[] = [
      [this.#byAddress, `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`, ADDRESS_POLICY],
      [this.#byUsername, `user:${name}`, USERNAME_POLICY],
    ];
    const waitMs = await this.#admit(limits);
    return waitMs > 0 ? { waitMs, succeed: async () => {} } : this.#attempt(req, name, limits);
  }

  /** 0 and the attempt counted, or how long to wait (nothing counted: a locked key is not extended). */
  async #admit(limits: Limit[]): Promise<number> {
    const before = await Promise.all(limits.map(([store, key]) => store.get(key)));
    const now = this.#now();
    const waits = limits.map(([, , policy], i) => lockedForMs(policy, before[i] ?? null, now));
    if (Math.max(...waits) > 0) return Math.max(...waits);
    const after = await Promise.all(limits.map(([store, key]) => store.recordFailure(key)));
    // Others counted between our read and our write (a burst): judge by the failures before this one.
    const burst = limits.map(([, , policy], i) => {
      const counted = after[i]!;
      if (counted.failures - 1 <= (before[i]?.failures ?? 0)) return 0;
      return lockedForMs(
        policy,
        { failures: counted.failures - 1, lastFailureAt: counted.lastFailureAt },
        now,
      );
    });
    return Math.max(...burst);
  }

  #attempt(req: Request, name: string, limits: Limit[]): SignInAttempt {
    return {
      waitMs: 0,
      succeed: async (res) => {
        await Promise.all(limits.map(([store, key]) => store.reset(key)));
        this.#devices.issue(req, res, name);
      },
    };
  }
}
