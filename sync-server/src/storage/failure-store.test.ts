import { describe, expect, it } from 'vitest';
import { MemoryFailureStore } from './failure-store.ts';

describe('MemoryFailureStore', () => {
  it('counts failures per key, forgets a key after a quiet period, and resets on demand', async () => {
    let now = 1_000_000;
    const store = new MemoryFailureStore(60_000, () => now);
    expect(await store.get('a')).toBeNull();
    await store.recordFailure('a');
    now += 30_000;
    const second = await store.recordFailure('a');
    expect(second).toEqual({ failures: 2, lastFailureAt: new Date(now) });
    await store.recordFailure('b');
    // The period runs from the last failure, not the first.
    now += 59_999;
    expect((await store.get('a'))?.failures).toBe(2);
    now += 1;
    expect(await store.get('a')).toBeNull();
    expect((await store.recordFailure('a')).failures).toBe(1);
    await store.reset('a');
    expect(await store.get('a')).toBeNull();
  });
});
