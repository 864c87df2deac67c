// The two kinds of token a mail carries. Confirmation tokens are random and stored only as a sha256 hash
// (the way back offered after an unsubscribe by address is one too); unsubscribe tokens are
// `{subscriberId}.{issueDay}.{HMAC}` under a key kept in the store, so they need no storage and cannot be
// forged for another subscriber or another date. They expire UNSUBSCRIBE_TOKEN_TTL_DAYS after the mail went
// out. Tokens from before issue dates existed (`{subscriberId}.{HMAC}`) count as issued on the day this
// version first started, so links in mails already sent keep working for a year.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../storage/index.ts';

const KEY_META = 'mailTokenKey';
const DATED_SINCE_META = 'mailTokenDatedSince';
const DAY_MS = 24 * 60 * 60 * 1000;
/** An unsubscribe link works this many days after its mail was sent (then the page offers a fresh way). */
export const UNSUBSCRIBE_TOKEN_TTL_DAYS = 365;

export function dayOf(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

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

/** The day (days since 1970) undated tokens count as issued on: written once, by the first dated start. */
export async function undatedTokenDay(store: Store, now = new Date()): Promise<number> {
  const existing = store.getMeta<number>(DATED_SINCE_META);
  if (typeof existing === 'number') return existing;
  await store.write((tx) => {
    if (typeof tx.getMeta<number>(DATED_SINCE_META) !== 'number') tx.setMeta(DATED_SINCE_META, dayOf(now));
  });
  return store.getMeta<number>(DATED_SINCE_META)!;
}

function signature(key: Buffer, subscriberId: number, day: number | null): string {
  const text = day === null ? `unsubscribe:${subscriberId}` : `unsubscribe:${subscriberId}:${day}`;
  return createHmac('sha256', key).update(text).digest('base64url').slice(0, 32);
}

export function signUnsubscribeToken(key: Buffer, subscriberId: number, issued = new Date()): string {
  const day = dayOf(issued);
  return `${subscriberId}.${day}.${signature(key, subscriberId, day)}`;
}

export type UnsubscribeTokenCheck = { id: number; expired: boolean } | null;

/**
 * The subscriber a token was signed for and whether it is past its time; null for anything forged or
 * malformed. `undatedDay`: see undatedTokenDay.
 */
export function verifyUnsubscribeToken(
  key: Buffer,
  token: string,
  now = new Date(),
  undatedDay = dayOf(now),
): UnsubscribeTokenCheck {
  const match = /^([1-9][0-9]{0,14})\.(?:([0-9]{1,6})\.)?([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const day = match[2] === undefined ? null : Number(match[2]);
  const expected = Buffer.from(signature(key, id, day));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { id, expired: dayOf(now) - (day ?? undatedDay) > UNSUBSCRIBE_TOKEN_TTL_DAYS };
}
