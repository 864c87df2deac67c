// What the screens need to know about the vault without loading its crypto (the notes screen's first paint):
// whether the owner has one, whether it is unlocked, and how to load the rest (vault-runtime.ts) when needed.
import { apiRequest } from '../api/request.ts';
import { cacheHeader, readCachedHeader, type StoredVaultHeader, VAULT_API } from './vault-header-store.ts';
import type { PasskeyUnlockSummary } from './vault-passkeys.ts';
import type { VaultLockReason } from './vault-session.ts';

export interface VaultStatus {
  /** False until the runtime has read the header (cached or from the server). */
  known: boolean;
  hasVault: boolean;
  unlocked: boolean;
  /** Why it last locked (the notes screen says "Locked after 15 minutes of inactivity"). */
  lockReason: VaultLockReason | null;
  /** The passkeys that unlock the vault (its header's passkey wraps). */
  passkeys: PasskeyUnlockSummary[];
}

let status: VaultStatus = {
  known: false,
  hasVault: false,
  unlocked: false,
  lockReason: null,
  passkeys: [],
};
const listeners = new Set<() => void>();

export const vaultStatus = {
  get: (): VaultStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** For the runtime only. */
  set(next: Partial<VaultStatus>): void {
    status = { ...status, ...next };
    for (const listener of listeners) listener();
  },
};

type Runtime = typeof import('./vault-runtime.ts')['vaultRuntime'];
let loading: Promise<Runtime> | null = null;
let loaded: Runtime | null = null;

/** Loads the vault's code (hash-wasm, noble: ~50 KB) once, and reads the header. */
export function loadVaultRuntime(): Promise<Runtime> {
  loading ??= import('./vault-runtime.ts').then(async ({ vaultRuntime }) => {
    await vaultRuntime.start();
    loaded = vaultRuntime;
    return vaultRuntime;
  });
  return loading;
}

/**
 * Loads the vault's code when the owner has a vault: its header cached here, or (a device that has not seen it
 * yet) on the server, asked once without loading any crypto.
 */
export async function loadVaultRuntimeIfSetUp(): Promise<void> {
  if (loading) return;
  const cached = await readCachedHeader().catch(() => null);
  if (cached?.header) {
    await loadVaultRuntime();
    return;
  }
  const fresh = await apiRequest<StoredVaultHeader>(VAULT_API).catch(() => null);
  if (fresh?.header) {
    await cacheHeader(fresh);
    await loadVaultRuntime();
  }
}

/**
 * The live channel says the header moved: a passphrase changed, or a vault was set up or removed, on another
 * device. A loaded runtime reads it again; a device that had no vault loads the runtime if one now exists.
 */
export function vaultHeaderMoved(): Promise<void> {
  if (loaded) return loaded.refresh().catch(() => undefined);
  return loadVaultRuntimeIfSetUp().catch(() => undefined);
}

const beforeLock = new Set<() => Promise<void>>();

/** Work to do while the keys still work, before any lock (the open editor saves a locked note). */
export function registerBeforeVaultLock(run: () => Promise<void>): () => void {
  beforeLock.add(run);
  return () => beforeLock.delete(run);
}

export async function runBeforeVaultLock(): Promise<void> {
  await Promise.all([...beforeLock].map((run) => run().catch(() => {})));
}

/** Sign-out and the Lock button: save what must be, then forget the keys (nothing to do when never loaded). */
export function lockVault(reason: VaultLockReason): void {
  const runtime = loaded;
  if (!runtime) return;
  void runBeforeVaultLock().finally(() => runtime.lock(reason));
}
