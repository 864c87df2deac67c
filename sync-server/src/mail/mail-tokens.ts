// The two kinds of token a mail carries. Confirmation tokens are random and stored only as a sha256 hash;
// unsubscribe tokens are `{subscriberId}.{HMAC}` under a key kept in the store, so they need no storage,
// never expire (old issues keep working) and cannot be forged for another subscriber.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../storage/index.ts';

const KEY_META = 'mailTokenKey';

export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmToken(token) };
}

export function hashConfirmToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The signing key, generated once and kept in the store (a SESSION_SECRET change must not break links). */
export async function mailTokenKey(store: Store): Promise<Buffer> {
  const existing = store.getMeta<string>(KEY_META);
  if (existing) return Buffer.from(existing, 'base64');
  const key = randomBytes(32).toString('base64');
  await store.write((tx) => {
    if (!tx.getMeta<string>(KEY_META)) tx.setMeta(KEY_META, key);
  });
  return Buffer.from(store.getMeta<string>(KEY_META)!, 'base64');
}

function signature(key: Buffer, subscriberId: number): string {
  return createHmac('sha256', key).update(`unsubscribe:${subscriberId}`).digest('base64url').slice(0, 32);
}

export function signUnsubscribeToken(key: Buffer, subscriberId: number): string {
  return `${subscriberId}.${signature(key, subscriberId)}`;
}

/** The subscriber id a token was signed for, or null for anything forged or malformed. */
export function verifyUnsubscribeToken(key: Buffer, token: string): number | null {
  const match = /^([1-9][0-9]{0,14})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(key, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
