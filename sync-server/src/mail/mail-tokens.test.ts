import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashConfirmToken,
  newConfirmToken,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from './mail-tokens.ts';

describe('mail tokens', () => {
  it('confirmation tokens are random, URL-safe, and stored as their sha256', () => {
    const a = newConfirmToken();
    const b = newConfirmToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashConfirmToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('unsubscribe tokens verify for their subscriber only, and not under another key', () => {
    const key = randomBytes(32);
    const token = signUnsubscribeToken(key, 42);
    expect(verifyUnsubscribeToken(key, token)).toBe(42);
    const [, sig] = token.split('.');
    expect(verifyUnsubscribeToken(key, `43.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(randomBytes(32), token)).toBeNull();
    for (const bad of ['', '42', '42.', `0.${sig}`, `42.${sig}x`, `-1.${sig}`, 'preview'])
      expect(verifyUnsubscribeToken(key, bad)).toBeNull();
  });
});
