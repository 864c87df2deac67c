// The vault for this tab, locked or unlocked. The unlocked vault key lives only in this object's memory (never
// IndexedDB or localStorage); it is overwritten after the owner's idle time, on sign-out and on request. No React
// here: the editor, sync and search read it through `current()` and follow `subscribe()`.
import {
  type KekDeriver,
  type UnlockedVault,
  unlockVault,
  unlockVaultWithPasskey,
  unlockVaultWithRecoveryKey,
} from '@private-notes/shared/vault';

export const DEFAULT_AUTO_LOCK_MINUTES = 15;
export const AUTO_LOCK_MINUTES_MAX = 24 * 60;

export type VaultLockReason = 'idle' | 'sign-out' | 'manual';
export type VaultSessionState =
  | { status: 'locked'; reason: VaultLockReason | null }
  | { status: 'unlocked'; vaultKeyId: string };

export interface VaultSessionOptions {
  autoLockMinutes?: number;
  /** Injected for tests; default Date.now. */
  now?: () => number;
  /** Runs Argon2id for a passphrase unlock (the browser passes one that uses a worker). */
  deriveKek?: KekDeriver;
  /** Runs before an idle lock, while the keys still work (the open editor saves a locked note's text). */
  beforeIdleLock?: () => Promise<void>;
}

export interface VaultSession {
  state(): VaultSessionState;
  /** The unlocked vault, or null when locked. Do not keep it: it is forgotten on lock. */
  current(): UnlockedVault | null;
  unlock(header: unknown, passphrase: string): Promise<void>;
  unlockWithRecoveryKey(header: unknown, recoveryKey: string): Promise<void>;
  /** With the PRF output of a WebAuthn assertion by a passkey added to the vault. */
  unlockWithPasskey(header: unknown, credentialId: string, prfOutput: Uint8Array): Promise<void>;
  /** A vault unlocked elsewhere (just set up, or opened to set a new passphrase) becomes this tab's. */
  adopt(vault: UnlockedVault): void;
  lock(reason: VaultLockReason): void;
  /** The owner did something: the idle time counts from now. Cheap enough for every keystroke. */
  touch(): void;
  setAutoLockMinutes(minutes: number): void;
  subscribe(listener: (state: VaultSessionState) => void): () => void;
}

function checkMinutes(minutes: number): number {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > AUTO_LOCK_MINUTES_MAX)
    throw new RangeError(`Auto-lock must be a whole number of minutes from 1 to ${AUTO_LOCK_MINUTES_MAX}.`);
  return minutes;
}

export function createVaultSession(options: VaultSessionOptions = {}): VaultSession {
  const now = options.now ?? (() => Date.now());
  let idleMs = checkMinutes(options.autoLockMinutes ?? DEFAULT_AUTO_LOCK_MINUTES) * 60_000;
  let vault: UnlockedVault | null = null;
  let state: VaultSessionState = { status: 'locked', reason: null };
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by every lock: an unlock still deriving its key when the owner signs out must not open the vault.
  let generation = 0;
  const listeners = new Set<(state: VaultSessionState) => void>();

  const publish = (next: VaultSessionState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };

  // One timer, re-armed only when it fires: touch() just records the time.
  const arm = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const idle = now() - lastActivity;
      if (idle < idleMs) {
        arm(idleMs - idle);
        return;
      }
      const before = options.beforeIdleLock;
      if (!before) {
        lock('idle');
        return;
      }
      const started = generation;
      void before()
        .catch(() => {})
        .finally(() => {
          if (started === generation) lock('idle');
        });
    }, delay);
  };

  function lock(reason: VaultLockReason) {
    generation++;
    clearTimeout(timer);
    timer = undefined;
    vault?.forget();
    vault = null;
    publish({ status: 'locked', reason });
  }

  async function open(opening: Promise<UnlockedVault>) {
    const started = generation;
    const opened = await opening;
    if (started !== generation) {
      opened.forget();
      return;
    }
    adopt(opened);
  }

  function adopt(opened: UnlockedVault) {
    if (vault !== opened) vault?.forget();
    vault = opened;
    lastActivity = now();
    arm(idleMs);
    publish({ status: 'unlocked', vaultKeyId: opened.vaultKeyId });
  }

  return {
    state: () => state,
    current: () => vault,
    unlock: (header, passphrase) =>
      open(unlockVault(header, passphrase, options.deriveKek ? { deriveKek: options.deriveKek } : {})),
    adopt,
    unlockWithRecoveryKey: (header, recoveryKey) => open(unlockVaultWithRecoveryKey(header, recoveryKey)),
    unlockWithPasskey: (header, credentialId, prfOutput) =>
      open(unlockVaultWithPasskey(header, credentialId, prfOutput)),
    lock,
    touch() {
      lastActivity = now();
    },
    setAutoLockMinutes(minutes) {
      idleMs = checkMinutes(minutes) * 60_000;
      if (vault) arm(Math.max(0, idleMs - (now() - lastActivity)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
