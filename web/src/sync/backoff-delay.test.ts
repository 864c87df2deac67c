import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay } from './backoff-delay.ts';
import { conflictedCopyTitle } from './conflicted-copy.ts';

describe('backoffDelay', () => {
  it('doubles with each failure, jittered between half and the whole step', () => {
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffDelay(1, () => 1)).toBe(BACKOFF_BASE_MS);
    expect(backoffDelay(3, () => 1)).toBe(BACKOFF_BASE_MS * 4);
    const spread = new Set(Array.from({ length: 20 }, (_, i) => backoffDelay(4, () => i / 20)));
    expect(spread.size).toBe(20);
  });
  it('never waits longer than the cap', () => {
    expect(backoffDelay(50, () => 1)).toBe(BACKOFF_MAX_MS);
  });
});

describe('conflictedCopyTitle', () => {
  it('says what happened and when, within the title limit', () => {
    const at = new Date('2026-03-04T05:06:07Z');
    expect(conflictedCopyTitle('Plan', at)).toBe('Plan (conflicted copy 2026-03-04 05:06 UTC)');
    const long = conflictedCopyTitle('x'.repeat(300), at);
    expect(long).toHaveLength(200);
    expect(long.endsWith('(conflicted copy 2026-03-04 05:06 UTC)')).toBe(true);
  });
});
