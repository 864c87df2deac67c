// Vault key rotation in the tab (Settings › Locked notes): prepare (passphrase again, new recovery key shown),
// confirm (the pending header stored, this device marked as the one re-sealing), the background walk over the
// sealed stores with its progress, then the header switched. Resumable: the pending rotation is in the header and
// each note says which key it is under, so the next unlock on this device continues (reload, crash, lock).
import {
  finishKeyRotation,
  type KekDeriver,
  parseVaultHeader,
  type RecoveryKeyText,
  startKeyRotation,
  type UnlockedVault,
} from '@private-notes/shared/vault';
import type { NotesDatabase } from '../db/notes-database.ts';
import { resealSealedStores } from './rotate-sealed-stores.ts';
import type { SealedStore } from './sealed-stores.ts';
import type { StoredVaultHeader } from './vault-header-store.ts';
import type { VaultSession } from './vault-session.ts';

/** syncMeta key: the next vault key id of the rotation this device runs (it resumes on unlock). */
export const ROTATION_HERE_META_KEY = 'vaultRotationHere';

export type RotationState =
  | { phase: 'none' }
  | { phase: 'running'; done: number; total: number }
  /** Pending in the header, not running here: locked, or started on another device. */
  | { phase: 'waiting'; startedHere: boolean }
  | { phase: 'finished'; total: number; passkeysDropped: boolean }
  | { phase: 'failed'; message: string };

export interface KeyRotationContext {
  session: VaultSession;
  database: NotesDatabase;
  stored(): StoredVaultHeader;
  putHeader(header: unknown, baseVersion: number): Promise<void>;
  deriveKek?: KekDeriver;
  stores?: readonly SealedStore[];
}

export interface PreparedRotation {
  recoveryKey: RecoveryKeyText;
  header: unknown;
  vault: UnlockedVault;
  baseVersion: number;
}

export function createKeyRotation(ctx: KeyRotationContext) {
  let state: RotationState = { phase: 'none' };
  let running: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: RotationState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const pendingRotation = () => {
    const header = ctx.stored().header;
    if (header === null) return null;
    try {
      return parseVaultHeader(header).rotation ?? null;
    } catch {
      return null;
    }
  };

  async function startedHere(): Promise<boolean> {
    const rotation = pendingRotation();
    const row = await ctx.database.syncMeta.get(ROTATION_HERE_META_KEY);
    return rotation !== null && row?.value === rotation.vaultKeyId;
  }

  async function walk(): Promise<void> {
    const vault = ctx.session.current();
    const rotation = pendingRotation();
    if (!vault || !rotation) return;
    if (vault.vaultKeyId !== rotation.vaultKeyId) {
      set({ phase: 'failed', message: 'Lock and unlock your locked notes again to continue the rotation.' });
      return;
    }
    const complete = await resealSealedStores(rotation.vaultKeyId, {
      database: ctx.database,
      ...(ctx.stores ? { stores: ctx.stores } : {}),
      onProgress: ({ done, total }) => set({ phase: 'running', done, total }),
      shouldStop: () => ctx.session.current() !== vault,
    });
    if (!complete) {
      set({ phase: 'waiting', startedHere: true });
      return;
    }
    const total = state.phase === 'running' ? state.total : 0;
    const before = ctx.stored();
    const passkeysDropped = (parseVaultHeader(before.header).passkeyWraps?.length ?? 0) > 0;
    await ctx.putHeader(finishKeyRotation(before.header, vault), before.version);
    await ctx.database.syncMeta.delete(ROTATION_HERE_META_KEY);
    set({ phase: 'finished', total, passkeysDropped });
  }

  /**
   * After a rotation: a note another device wrote under a retired key (it had not seen the rotation) still opens;
   * it is re-sealed quietly under the current key here.
   */
  async function sweepLateWrites(): Promise<void> {
    const vault = ctx.session.current();
    const header = ctx.stored().header;
    if (!vault || header === null || running) return;
    const parsed = parseVaultHeader(header);
    if (!parsed.retiredKeys?.length || parsed.vaultKeyId !== vault.vaultKeyId) return;
    await resealSealedStores(vault.vaultKeyId, {
      database: ctx.database,
      ...(ctx.stores ? { stores: ctx.stores } : {}),
      shouldStop: () => ctx.session.current() !== vault,
    }).catch(() => false);
  }

  /** Runs (or joins) the walk; its failure is shown, never thrown at the caller. */
  function run(): Promise<void> {
    running ??= walk()
      .catch((error: unknown) =>
        set({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    state: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The passphrase again (it stays the passphrase) and a new recovery key, nothing stored yet. */
    async prepare(passphrase: string): Promise<PreparedRotation> {
      const vault = ctx.session.current();
      if (!vault) throw new Error('Unlock your locked notes first.');
      const { header, version } = ctx.stored();
      const started = await startKeyRotation(header, vault, passphrase, {
        ...(ctx.deriveKek ? { deriveKek: ctx.deriveKek } : {}),
      });
      return {
        recoveryKey: started.recoveryKey,
        header: started.header,
        vault: started.vault,
        baseVersion: version,
      };
    },

    /** The owner has saved the new recovery key: the pending rotation is stored and the walk starts. */
    async confirm(prepared: PreparedRotation): Promise<void> {
      if (!ctx.session.current()) {
        prepared.vault.forget();
        throw new Error('Your locked notes locked meanwhile: unlock them and start again.');
      }
      try {
        await ctx.putHeader(prepared.header, prepared.baseVersion);
      } catch (error) {
        prepared.vault.forget();
        throw error;
      }
      const rotation = pendingRotation();
      await ctx.database.syncMeta.put({ key: ROTATION_HERE_META_KEY, value: rotation?.vaultKeyId ?? '' });
      ctx.session.adopt(prepared.vault);
      await run();
    },

    cancelPrepared(prepared: PreparedRotation): void {
      prepared.vault.forget();
    },

    /** A rotation started on another device (now gone, say) is finished on this one. */
    async continueHere(): Promise<void> {
      const rotation = pendingRotation();
      if (!rotation) return;
      await ctx.database.syncMeta.put({ key: ROTATION_HERE_META_KEY, value: rotation.vaultKeyId });
      await run();
    },

    /** After every unlock and header change: resume this device's rotation, or say one is pending. */
    async refreshState(): Promise<void> {
      const rotation = pendingRotation();
      if (!rotation) {
        if (state.phase === 'waiting' || state.phase === 'running') set({ phase: 'none' });
        await sweepLateWrites();
        return;
      }
      const mine = await startedHere();
      if (mine && ctx.session.current()) await run();
      else if (!running) set({ phase: 'waiting', startedHere: mine });
    },

    /** For tests: the walk under way, if any. */
    settled: () => running ?? Promise.resolve(),
  };
}

export type KeyRotation = ReturnType<typeof createKeyRotation>;
