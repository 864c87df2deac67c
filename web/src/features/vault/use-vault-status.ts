// The vault's status for components (no crypto: see web/src/vault/vault-status.ts).
import { useSyncExternalStore } from 'react';
import { type VaultStatus, vaultStatus } from '../../vault/vault-status.ts';

export function useVaultStatus(): VaultStatus {
  return useSyncExternalStore(vaultStatus.subscribe, vaultStatus.get, vaultStatus.get);
}
