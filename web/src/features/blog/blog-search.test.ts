import { describe, expect, it } from 'vitest';
import { validateConfirmSearch, validateUnsubscribeSearch } from './blog-search.ts';

describe('mail link search params', () => {
  it('keeps a token and an address, and drops empty, oversized or non-text values', () => {
    expect(validateUnsubscribeSearch({ email: 'a@b.co', token: 'abc_DEF-123.xyz' })).toEqual({
      email: 'a@b.co',
      token: 'abc_DEF-123.xyz',
    });
    expect(validateUnsubscribeSearch({ token: '' })).toEqual({ email: undefined, token: undefined });
    expect(validateUnsubscribeSearch({ token: 'x'.repeat(513) }).token).toBeUndefined();
    expect(validateConfirmSearch({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(validateConfirmSearch({ token: ['a', 'b'] })).toEqual({ token: undefined });
    expect(validateConfirmSearch({})).toEqual({ token: undefined });
    // After the form posted without JavaScript: only the server's own results are read.
    expect(validateConfirmSearch({ result: 'confirmed' })).toStrictEqual({
      token: undefined,
      result: 'confirmed',
    });
    expect(validateConfirmSearch({ token: 'abc', result: 'limited' }).result).toBe('limited');
    expect(validateConfirmSearch({ result: 'hacked' }).result).toBeUndefined();
  });
});
