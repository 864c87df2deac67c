// How long a key (an address, a username, a device) is refused after repeated failed sign-ins: a few free
// failures, then a delay that doubles with each further failure, up to a cap. Pure, so it is tested alone.
import type { FailureState } from '../storage/failure-store.ts';

export interface LockoutPolicy {
  /** Failures allowed before the first delay. */
  freeFailures: number;
  /** The delay after the first failure past the free ones; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** Milliseconds still to wait before the next attempt is heard (0: not locked). */
export function lockedForMs(policy: LockoutPolicy, state: FailureState | null, now: number): number {
  if (!state || state.failures < policy.freeFailures) return 0;
  const doublings = Math.min(state.failures - policy.freeFailures, 30);
  const delay = Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
  return Math.max(0, state.lastFailureAt.getTime() + delay - now);
}

/** The 429 answer's text: whole minutes, rounded up, so "1 minute" is the least shown. */
export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
