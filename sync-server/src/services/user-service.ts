// The owner account: first-start creation, credentials check, registration while empty, password change.

import { DUMMY_HASH_PROMISE, generatePassword, hashPassword, verifyPassword } from '../auth/password.ts';
import { HttpError } from '../http/http-error.ts';
import type { Store, UserRecord } from '../storage/index.ts';

export class UserService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  hasUsers(): boolean {
    return this.#store.count('users') > 0;
  }

  /**
   * Creates the owner when no user exists yet. Returns the generated password (to print once) when none
   * was configured, otherwise null.
   */
  async ensureOwner(
    username: string,
    password: string | null,
  ): Promise<{ created: boolean; generatedPassword: string | null }> {
    if (this.hasUsers()) return { created: false, generatedPassword: null };
    const chosen = password ?? generatePassword();
    const passwordHash = await hashPassword(chosen);
    const created = await this.#store.write((tx) => {
      if (tx.count('users') > 0) return false;
      const now = new Date().toISOString();
      tx.insert('users', { username, passwordHash, createdAt: now, updatedAt: now });
      return true;
    });
    return { created, generatedPassword: created && password === null ? chosen : null };
  }

  /** The user for these credentials, or null. Unknown names cost as much time as wrong passwords. */
  async verifyCredentials(username: string, password: string): Promise<UserRecord | null> {
    const user = this.#store.lookup('users', 'username', username.toLowerCase());
    const ok = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    return user && ok ? user : null;
  }

  /** Registration is open only while no user exists (403 afterwards). */
  async register(username: string, password: string): Promise<UserRecord> {
    if (this.hasUsers()) throw new HttpError(403, 'Registration is closed');
    const passwordHash = await hashPassword(password);
    return this.#store.write((tx) => {
      if (tx.count('users') > 0) throw new HttpError(403, 'Registration is closed');
      const now = new Date().toISOString();
      return tx.insert('users', { username, passwordHash, createdAt: now, updatedAt: now });
    });
  }

  /**
   * Sets a new password; the caller has proved the owner with the current one (auth/owner-proof.ts). With
   * `removePasskeys`, every passkey of the owner goes in the same write: both happen or neither. Returns
   * how many passkeys were removed.
   */
  async setPassword(userId: number, newPassword: string, { removePasskeys = false } = {}): Promise<number> {
    const passwordHash = await hashPassword(newPassword);
    return this.#store.write((tx) => {
      tx.update('users', userId, { passwordHash, updatedAt: new Date().toISOString() });
      if (!removePasskeys) return 0;
      const passkeys = tx.filter('passkeys', (p) => p.userId === userId);
      for (const passkey of passkeys) tx.remove('passkeys', passkey.id);
      return passkeys.length;
    });
  }
}
