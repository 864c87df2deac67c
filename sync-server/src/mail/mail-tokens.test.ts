import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  dayOf,
  hashConfirmToken,
  newConfirmToken,
  signUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_TTL_DAYS,
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
    expect(verifyUnsubscribeToken(key, token)).toEqual({ id: 42, expired: false });
    const [, day, sig] = token.split('.');
    expect(verifyUnsubscribeToken(key, `43.${day}.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(randomBytes(32), token)).toBeNull();
    for (const bad of [
      '',
      '42',
      '42.',
      `0.${day}.${sig}`,
      `42.${day}.${sig}x`,
      `-1.${day}.${sig}`,
      'preview',
    ])
      expect(verifyUnsubscribeToken(key, bad)).toBeNull();
  });

  it('unsubscribe tokens carry their issue day, which cannot be moved, and expire after a year', () => {
    const key = randomBytes(32);
    const sent = new Date('2026-01-10T12:00:00Z');
    const token = signUnsubscribeToken(key, 7, sent);
    const [, day, sig] = token.split('.');
    expect(Number(day)).toBe(dayOf(sent));
    const later = (days: number) => new Date(sent.getTime() + days * 86_400_000);
    expect(verifyUnsubscribeToken(key, token, later(UNSUBSCRIBE_TOKEN_TTL_DAYS))).toEqual({
      id: 7,
      expired: false,
    });
    expect(verifyUnsubscribeToken(key, token, later(UNSUBSCRIBE_TOKEN_TTL_DAYS + 1))).toEqual({
      id: 7,
      expired: true,
    });
    // A newer day under the old signature is a forgery.
    expect(verifyUnsubscribeToken(key, `7.${Number(day) + 400}.${sig}`, later(500))).toBeNull();
  });

  it('tokens from before issue dates count as issued on the day dated tokens began', () => {
    const key = randomBytes(32);
    const legacy = `9.${createHmac('sha256', key).update('unsubscribe:9').digest('base64url').slice(0, 32)}`;
    const began = dayOf(new Date('2026-11-25T00:00:00Z'));
    const at = (days: number) => new Date((began + days) * 86_400_000);
    expect(verifyUnsubscribeToken(key, legacy, at(30), began)).toEqual({ id: 9, expired: false });
    expect(verifyUnsubscribeToken(key, legacy, at(366), began)).toEqual({ id: 9, expired: true });
  });
});
