import { describe, expect, it } from 'vitest';
import { type LockoutPolicy, lockedForMs, tooManyAttemptsMessage } from './lockout-policy.ts';

const MIN = 60_000;
const policy: LockoutPolicy = { freeFailures: 5, firstDelayMs: MIN, maxDelayMs: 60 * MIN };
const at = (failures: number, lastFailureAt = 0) => ({ failures, lastFailureAt: new Date(lastFailureAt) });

describe('lockedForMs', () => {
  it('lets the free failures pass', () => {
    expect(lockedForMs(policy, null, 0)).toBe(0);
    expect(lockedForMs(policy, at(4), 0)).toBe(0);
  });

  it('doubles the delay with each failure past the free ones, up to the cap', () => {
    expect(lockedForMs(policy, at(5), 0)).toBe(MIN);
    expect(lockedForMs(policy, at(6), 0)).toBe(2 * MIN);
    expect(lockedForMs(policy, at(8), 0)).toBe(8 * MIN);
    expect(lockedForMs(policy, at(12), 0)).toBe(60 * MIN);
    expect(lockedForMs(policy, at(500), 0)).toBe(60 * MIN);
  });

  it('counts from the last failure and ends', () => {
    expect(lockedForMs(policy, at(6, 1000), 1000 + MIN)).toBe(MIN);
    expect(lockedForMs(policy, at(6, 1000), 1000 + 2 * MIN)).toBe(0);
  });
});

describe('tooManyAttemptsMessage', () => {
  it('rounds up to whole minutes', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(60_000)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(60_001)).toBe('Too many attempts. Try again in 2 minutes.');
  });
});
