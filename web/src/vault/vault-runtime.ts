// The tab's vault, loaded lazily (vault-status.ts): the header (server and cache), set-up, unlock, lock, the
// passphrase change and the recovery path, and the in-memory codec the notes database uses while unlocked.
// Keys live only in the session's memory (vault-session.ts); nothing here writes a key anywhere.
import { ApiError } from '@private-notes/shared';
import {
  addPasskeyUnlock,
  changePassphrase,
  createVault,
  openHeaderKeys,
  parseVaultHeader,
  type RecoveryKeyText,
  removePasskeyUnlock,
  type UnlockedVault,
  unlockVaultWithRecoveryKey,
} from '@private-notes/shared/vault';
import { api } from '../api/api.ts';
import { apiRequest } from '../api/request.ts';
import { db } from '../db/db.ts';
import { declareLockedFiles } from '../db/declare-locked-files.ts';
import { setLockedNoteCodec, UNLOCK_TO_MERGE_MESSAGE } from '../db/locked-note-codec.ts';
import { retryChange } from '../db/notes-store.ts';
import { registerSignedOut } from '../features/auth/logout-guard.ts';
import { readAutoLockMinutes, saveAutoLockMinutes } from './auto-lock-setting.ts';
import { countLockedNotes, deleteAllLockedNotes } from './delete-all-locked-notes.ts';
import { deriveKekInWorker } from './derive-kek-in-worker.ts';
import { createLockedNoteCache } from './locked-note-cache.ts';
import { cacheHeader, readCachedHeader, type StoredVaultHeader, VAULT_API } from './vault-header-store.ts';
import { createKeyRotation, ROTATION_HERE_META_KEY } from './vault-key-rotation.ts';
import { passkeySummaries, saveHeaderChange } from './vault-passkeys.ts';
import { createVaultSession, type VaultLockReason } from './vault-session.ts';
import { runBeforeVaultLock, vaultStatus } from './vault-status.ts';

export const VAULT_CHANGED_ELSEWHERE =
  'Locked notes were set up or changed on another device meanwhile. Unlock with that passphrase.';
export const NO_VAULT_MESSAGE = 'Locked notes are not set up yet: set them up in Settings › Locked notes.';

const session = createVaultSession({
  autoLockMinutes: readAutoLockMinutes(),
  deriveKek: deriveKekInWorker,
  beforeIdleLock: runBeforeVaultLock,
});
let stored: StoredVaultHeader = { header: null, version: 0 };

const rotation = createKeyRotation({
  session,
  database: db,
  stored: () => stored,
  putHeader: (header, baseVersion) => putHeader(header, baseVersion),
  deriveKek: deriveKekInWorker,
});

session.subscribe((state) => {
  const vault = session.current();
  setLockedNoteCodec(state.status === 'unlocked' && vault ? createLockedNoteCache(vault) : null);
  if (state.status === 'unlocked') {
    void retryWaitingMerges().catch(() => {});
    // Locked notes sealed before their files were declared: declared now, so the server may collect again.
    void declareLockedFiles().catch(() => {});
  }
  void rotation.refreshState();
  vaultStatus.set({
    unlocked: state.status === 'unlocked',
    lockReason: state.status === 'locked' ? state.reason : null,
  });
});

// Signed out: the keys go at once (the open editor's text was saved by the sign-out's own flush).
registerSignedOut(() => session.lock('sign-out'));

/** Conflicts on locked notes that waited for the vault (sync/settle-conflicts.ts) are pushed again. */
async function retryWaitingMerges(): Promise<void> {
  const waiting = await db.outbox.where('error').equals(UNLOCK_TO_MERGE_MESSAGE).toArray();
  for (const entry of waiting) await retryChange(entry.noteId);
}

function adoptHeader(next: StoredVaultHeader) {
  const changed = next.version !== stored.version || next.header !== stored.header;
  stored = next;
  vaultStatus.set({ known: true, hasVault: next.header !== null, passkeys: passkeySummaries(next.header) });
  if (changed) followHeader();
}

/**
 * The header moved while unlocked (a rotation started, finished or removed on another device): the unlocked
 * vault takes the keys the new header reaches from the ones it holds. When it reaches none (this device missed a
 * whole rotation, or the vault was deleted), the vault locks after the open editor saved, to be unlocked again.
 */
function followHeader() {
  const vault = session.current();
  if (!vault) return;
  if (stored.header === null) {
    void runBeforeVaultLock().finally(() => session.lock('manual'));
    return;
  }
  let next: UnlockedVault;
  try {
    next = openHeaderKeys(stored.header, vault);
  } catch {
    void runBeforeVaultLock().finally(() => session.lock('manual'));
    return;
  }
  if (next.keyIds().join() === vault.keyIds().join()) {
    next.forget();
    void rotation.refreshState();
    return;
  }
  session.adopt(next);
}

async function putHeader(header: unknown, baseVersion: number): Promise<void> {
  try {
    const saved = await apiRequest<StoredVaultHeader>(VAULT_API, {
      method: 'PUT',
      body: { header, baseVersion },
    });
    await cacheHeader(saved);
    adoptHeader(saved);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const body = error.body as Partial<StoredVaultHeader> | undefined;
      if (body && typeof body.version === 'number') {
        const current = { header: body.header ?? null, version: body.version };
        await cacheHeader(current);
        adoptHeader(current);
      }
      throw new Error(VAULT_CHANGED_ELSEWHERE);
    }
    throw error;
  }
}

/** Activity keeps the vault open: the idle time counts from the last key, pointer or input. */
function watchActivity() {
  const touch = () => session.touch();
  for (const type of ['keydown', 'pointerdown', 'input', 'wheel'] as const)
    window.addEventListener(type, touch, { capture: true, passive: true });
}

/**
 * A refused passphrase may be the new one of a passphrase changed on another device since this device cached
 * the header: the header is asked for again (when online) and, if it changed, the unlock is tried once more.
 */
async function withFreshHeader(attempt: () => Promise<void>): Promise<void> {
  try {
    await attempt();
  } catch (error) {
    const before = stored.version;
    await vaultRuntime.refresh().catch(() => {});
    if (stored.version === before) throw error;
    await attempt();
  }
}

const isVaultConflict = (error: unknown) =>
  error instanceof Error && error.message === VAULT_CHANGED_ELSEWHERE;

function requireHeader(): unknown {
  if (stored.header === null) throw new Error(NO_VAULT_MESSAGE);
  return stored.header;
}

function requireUnlocked(): UnlockedVault {
  const vault = session.current();
  if (!vault) throw new Error('Unlock your locked notes first.');
  return vault;
}

export const vaultRuntime = {
  /** Reads the cached header at once, then asks the server (which wins: another device may have changed it). */
  async start(): Promise<void> {
    if (typeof window !== 'undefined') watchActivity();
    const cached = await readCachedHeader().catch(() => null);
    if (cached) adoptHeader(cached);
    await vaultRuntime.refresh().catch(() => {
      // Offline: the cached header unlocks; without one the owner has no vault known here yet.
      if (!cached) vaultStatus.set({ known: true });
    });
  },

  async refresh(): Promise<void> {
    const fresh = await apiRequest<StoredVaultHeader>(VAULT_API);
    await cacheHeader(fresh);
    adoptHeader(fresh);
  },

  /** A new vault: stored on the server first (baseVersion 0), then unlocked here. Returns the recovery key. */
  async setUp(passphrase: string): Promise<RecoveryKeyText> {
    const { header, recoveryKey, vault } = await createVault(passphrase, { deriveKek: deriveKekInWorker });
    try {
      await putHeader(header, 0);
    } catch (error) {
      vault.forget();
      throw error;
    }
    session.adopt(vault);
    return recoveryKey;
  },

  unlock: (passphrase: string) => withFreshHeader(() => session.unlock(requireHeader(), passphrase)),
  unlockWithRecoveryKey: (recoveryKey: string) =>
    withFreshHeader(() => session.unlockWithRecoveryKey(requireHeader(), recoveryKey)),

  /** A new passphrase for the unlocked vault: the vault key re-wrapped, no note re-encrypted. */
  async changePassphrase(newPassphrase: string): Promise<void> {
    const header = await changePassphrase(requireHeader(), requireUnlocked(), newPassphrase, {
      deriveKek: deriveKekInWorker,
    });
    await putHeader(header, stored.version);
  },

  /** The recovery key opens the vault; the new passphrase replaces the forgotten one. */
  async resetPassphrase(recoveryKey: string, newPassphrase: string): Promise<void> {
    const vault = await unlockVaultWithRecoveryKey(requireHeader(), recoveryKey);
    try {
      const header = await changePassphrase(requireHeader(), vault, newPassphrase, {
        deriveKek: deriveKekInWorker,
      });
      await putHeader(header, stored.version);
    } catch (error) {
      vault.forget();
      throw error;
    }
    session.adopt(vault);
  },

  lock: (reason: VaultLockReason) => session.lock(reason),

  // Passkeys that unlock the vault (WebAuthn PRF; the ceremonies are in passkey-webauthn.ts).
  /** What an unlock ceremony needs: the vault key id (the PRF input) and the credentials set up for it. */
  passkeyUnlockTarget(): { vaultKeyId: string; credentialIds: string[] } {
    const header = requireHeader() as { vaultKeyId?: unknown };
    if (typeof header.vaultKeyId !== 'string') throw new Error(NO_VAULT_MESSAGE);
    return {
      vaultKeyId: header.vaultKeyId,
      credentialIds: passkeySummaries(header).map((p) => p.credentialId),
    };
  },
  /** The id of the unlocked vault's key (the PRF input of a passkey being added). */
  unlockedVaultKeyId: () => requireUnlocked().vaultKeyId,
  unlockWithPasskey: (credentialId: string, prfOutput: Uint8Array) =>
    withFreshHeader(() => session.unlockWithPasskey(requireHeader(), credentialId, prfOutput)),
  /** A passkey's wrap of the vault key is added to the header (the vault unlocked); a stale header is retried once. */
  addPasskey: (passkey: { credentialId: string; prfOutput: Uint8Array; label: string }) =>
    saveHeaderChange(async () => {
      const header = await addPasskeyUnlock(requireHeader(), requireUnlocked(), passkey);
      await putHeader(header, stored.version);
    }, isVaultConflict),
  removePasskey: (credentialId: string) =>
    saveHeaderChange(async () => {
      await putHeader(removePasskeyUnlock(requireHeader(), credentialId), stored.version);
    }, isVaultConflict),

  countLockedNotes: () => countLockedNotes(db),

  /**
   * Lost passphrase and recovery key: every locked note deleted everywhere (Trash too), then the header; the
   * owner can set up a new vault. Answers how many live locked notes the server deleted.
   */
  async deleteEverything(): Promise<number> {
    const deleted = await deleteAllLockedNotes(
      {
        listNotes: () => api.listNotes(),
        deleteNote: api.deleteNote,
        trash: () => api.trash(),
        deleteForever: api.deleteForever,
        deleteVault: (version) => apiRequest(`${VAULT_API}?version=${version}`, { method: 'DELETE' }),
      },
      db,
      stored.version,
    );
    await db.syncMeta.delete(ROTATION_HERE_META_KEY);
    const none: StoredVaultHeader = { header: null, version: 0 };
    await cacheHeader(none);
    adoptHeader(none);
    return deleted;
  },

  /** Vault key rotation (vault-key-rotation.ts): prepare, confirm, progress, resume. */
  rotation,
  /** A rotation is pending in the header (this device or another is re-sealing). */
  rotationPending(): boolean {
    try {
      return stored.header !== null && parseVaultHeader(stored.header).rotation !== undefined;
    } catch {
      return false;
    }
  },

  autoLockMinutes: () => readAutoLockMinutes(),
  setAutoLockMinutes(minutes: number): void {
    session.setAutoLockMinutes(minutes);
    saveAutoLockMinutes(minutes);
  },
};
