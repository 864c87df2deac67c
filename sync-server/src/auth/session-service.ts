// Server-side sessions kept in the store: the cookie holds a random token, the store only its HMAC.
import { createHmac, randomBytes } from 'node:crypto';
import type { SessionRecord, Store } from '../storage/index.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * "Last seen" and the sliding expiry are refreshed at most this often (or when the address or browser
 * changes), so reading pages does not write to disk each time yet the session list stays current.
 */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

/** Where a session was last used from: shown in Settings › Security. */
export interface SessionClient {
  userAgent: string | null;
  address: string | null;
}

const NO_CLIENT: SessionClient = { userAgent: null, address: null };

export class SessionService {
  readonly #store: Store;
  readonly #secret: string;

  constructor(store: Store, secret: string) {
    this.#store = store;
    this.#secret = secret;
  }

  /** The configured secret, or one generated on first start and kept in the store (so restarts keep sessions). */
  static async secretFor(store: Store, configured: string | null): Promise<string> {
    if (configured) return configured;
    const existing = store.getMeta<string>('sessionSecret');
    if (existing) return existing;
    const generated = randomBytes(32).toString('base64url');
    // Decided inside the transaction: two instances starting at once on one database agree on one secret.
    return store.write((tx) => {
      const stored = tx.getMeta<string>('sessionSecret');
      if (stored) return stored;
      tx.setMeta('sessionSecret', generated);
      return generated;
    });
  }

  async create(
    userId: number,
    client: SessionClient = NO_CLIENT,
    now = new Date(),
  ): Promise<{ token: string; session: SessionRecord }> {
    const token = randomBytes(32).toString('base64url');
    const session = await this.#store.write((tx) =>
      tx.insert('sessions', {
        userId,
        tokenHash: this.#hash(token),
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
        userAgent: client.userAgent,
        address: client.address,
      }),
    );
    return { token, session };
  }

  /** The live session for a cookie token, or null (unknown or expired). */
  find(token: string, now = new Date()): SessionRecord | null {
    const session = this.#store.lookup('sessions', 'tokenHash', this.#hash(token));
    if (!session || Date.parse(session.expiresAt) <= now.getTime()) return null;
    return session;
  }

  /** The owner proved it is them in this session just now (auth/owner-proof.ts). */
  async markReauthenticated(sessionId: number, now = new Date()): Promise<void> {
    await this.#store.write((tx) => {
      if (tx.get('sessions', sessionId))
        tx.update('sessions', sessionId, { reauthenticatedAt: now.toISOString() });
    });
  }

  /** Extends the session if it was last extended long enough ago; returns the (possibly new) record. */
  async touch(
    session: SessionRecord,
    client: SessionClient = NO_CLIENT,
    now = new Date(),
  ): Promise<SessionRecord> {
    const moved =
      (client.address !== null && client.address !== (session.address ?? null)) ||
      (client.userAgent !== null && client.userAgent !== (session.userAgent ?? null));
    if (!moved && now.getTime() - Date.parse(session.lastSeenAt) < TOUCH_AFTER_MS) return session;
    return this.#store.write((tx) => {
      if (!tx.get('sessions', session.id)) return session;
      return tx.update('sessions', session.id, {
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
        userAgent: client.userAgent ?? session.userAgent ?? null,
        address: client.address ?? session.address ?? null,
      });
    });
  }

  /** The user's live sessions, most recently seen first. */
  listFor(userId: number, now = new Date()): SessionRecord[] {
    return this.#store
      .filter('sessions', (s) => s.userId === userId && Date.parse(s.expiresAt) > now.getTime())
      .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt) || b.id - a.id);
  }

  /** Ends one of the user's sessions; false when it is not theirs or already gone. */
  async destroyFor(userId: number, sessionId: number): Promise<boolean> {
    return this.#store.write((tx) => {
      if (tx.get('sessions', sessionId)?.userId !== userId) return false;
      tx.remove('sessions', sessionId);
      return true;
    });
  }

  async destroy(sessionId: number): Promise<void> {
    await this.#store.write((tx) => tx.remove('sessions', sessionId));
  }

  /** Ends every session of the user except `keepId` (after a password change), and expired ones. */
  async destroyOthers(userId: number, keepId: number, now = new Date()): Promise<number> {
    return this.#store.write((tx) => {
      let ended = 0;
      for (const s of tx.all('sessions')) {
        if ((s.userId === userId && s.id !== keepId) || Date.parse(s.expiresAt) <= now.getTime()) {
          if (s.userId === userId && s.id !== keepId) ended++;
          tx.remove('sessions', s.id);
        }
      }
      return ended;
    });
  }

  async purgeExpired(now = new Date()): Promise<void> {
    const expired = this.#store.filter('sessions', (s) => Date.parse(s.expiresAt) <= now.getTime());
    if (expired.length === 0) return;
    await this.#store.write((tx) => {
      for (const s of expired) tx.remove('sessions', s.id);
    });
  }

  #hash(token: string): string {
    return createHmac('sha256', this.#secret).update(token).digest('base64url');
  }
}
