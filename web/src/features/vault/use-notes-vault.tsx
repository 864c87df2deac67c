// The vault on the notes screen (no crypto on first paint): loads the vault's code when this device knows of a
// vault or a locked note is listed, asks to unlock before a locked note is opened, and offers the header's
// Lock / Unlock and "New locked note". The unlock dialog itself is loaded when first asked for.
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { isSealedNote } from '../../db/locked-note-codec.ts';
import type { LocalNote } from '../../db/types.ts';
import { afterFirstScreen } from '../../ui/after-first-screen.ts';
import { loadVaultRuntime, loadVaultRuntimeIfSetUp, vaultStatus } from '../../vault/vault-status.ts';
import { useVaultStatus } from './use-vault-status.ts';

const UnlockDialog = lazy(() => import('./UnlockDialog.tsx'));
const VaultHeaderControls = lazy(() => import('./VaultHeaderControls.tsx'));

export const SET_UP_FIRST = 'Set up locked notes first, in Settings › Locked notes.';

export interface NotesVault {
  /** Runs `then` once the vault is unlocked (at once when it is); asks for the passphrase otherwise. */
  whenUnlocked(then: () => void): void;
  /** A card or the viewer asked to open `note`: a locked one asks to unlock first. */
  guardOpen(note: LocalNote, open: () => void): void;
  header: ReactNode;
  dialog: ReactNode;
}

export function useNotesVault(notes: LocalNote[] | undefined, openNewLocked: () => void): NotesVault {
  const status = useVaultStatus();
  const [pending, setPending] = useState<{ next: () => void } | null>(null);
  const hasSealed = notes?.some(isSealedNote) ?? false;
  // After the first cards are painted: no request or crypto ahead of them.
  useEffect(() => afterFirstScreen(() => void loadVaultRuntimeIfSetUp()), []);
  useEffect(() => {
    if (hasSealed) void loadVaultRuntime();
  }, [hasSealed]);

  const whenUnlocked = useCallback((then: () => void) => {
    if (vaultStatus.get().unlocked) then();
    else setPending({ next: then });
  }, []);
  const header = status.hasVault ? (
    <Suspense fallback={null}>
      <VaultHeaderControls
        unlocked={status.unlocked}
        askUnlock={() => setPending({ next: () => {} })}
        whenUnlocked={whenUnlocked}
        openNewLocked={openNewLocked}
      />
    </Suspense>
  ) : null;

  const dialog = pending ? (
    <Suspense fallback={null}>
      <UnlockDialog
        onClose={() => setPending(null)}
        onUnlocked={() => {
          setPending(null);
          pending.next();
        }}
      />
    </Suspense>
  ) : null;

  return {
    whenUnlocked,
    guardOpen: (note, open) => (isSealedNote(note) ? whenUnlocked(open) : open()),
    header,
    dialog,
  };
}
