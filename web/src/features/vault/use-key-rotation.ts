// The vault key rotation's state for a screen (the runtime is loaded: this is only used inside Settings).
import { useSyncExternalStore } from 'react';
import type { RotationState } from '../../vault/vault-key-rotation.ts';
import { vaultRuntime } from '../../vault/vault-runtime.ts';

export function useKeyRotation(): RotationState {
  return useSyncExternalStore(vaultRuntime.rotation.subscribe, vaultRuntime.rotation.state);
}
