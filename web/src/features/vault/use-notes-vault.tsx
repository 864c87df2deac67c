// The vault on the notes screen (no crypto on first paint): loads the vault's code when this device knows of a
// vault or a locked note is listed, asks to unlock before a locked note is opened, and offers the header's
// Lock / Unlock and "New locked note". The unlock dialog itself is loaded when first asked for.
import { Button, HStack } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { isSealedNote } from '../../db/locked-note-codec.ts';
import { createNote } from '../../db/notes-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { afterFirstScreen } from '../../ui/after-first-screen.ts';
import { toast } from '../../ui/toast-store.ts';
import {
  loadVaultRuntime,
  loadVaultRuntimeIfSetUp,
  lockVault,
  vaultStatus,
} from '../../vault/vault-status.ts';
import { LockIcon } from '../notes/note-icons.tsx';
import { useVaultStatus } from './use-vault-status.ts';

const UnlockDialog = lazy(() => import('./UnlockDialog.tsx'));

export const SET_UP_FIRST = 'Set up locked notes first, in Settings › Locked notes.';

export interface NotesVault {
  /** Runs `then` once the vault is unlocked (at once when it is); asks for the passphrase otherwise. */
  whenUnlocked(then: () => void): void;
  /** A card or the viewer asked to open `note`: a locked one asks to unlock first. */
  guardOpen(note: LocalNote, open: () => void): void;
  header: ReactNode;
  dialog: ReactNode;
}

export function useNotesVault(
  notes: LocalNote[] | undefined,
  openEditor: (noteId: string) => void,
): NotesVault {
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
  const newLocked = () =>
    whenUnlocked(() => {
      void createNote({ title: '', content: '', tags: [] }, undefined, { locked: true }).then(
        (note) => openEditor(note.id),
        (error: unknown) =>
          toast({ title: 'Could not make the note', description: String(error), variant: 'destructive' }),
      );
    });

  const header = status.hasVault ? (
    <HStack gap="2">
      {status.unlocked ? (
        <Button size="xs" variant="outline" onClick={() => lockVault('manual')}>
          <LockIcon />
          Lock
        </Button>
      ) : (
        <Button size="xs" variant="outline" onClick={() => setPending({ next: () => {} })}>
          <LockIcon />
          Unlock locked notes
        </Button>
      )}
      <Button size="xs" variant="outline" onClick={newLocked}>
        New locked note
      </Button>
    </HStack>
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
