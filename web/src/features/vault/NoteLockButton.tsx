// "Lock note" / "Unlock note" in the viewer. Locking seals the note on this device before anything is written;
// unlocking makes it plain again (its text then goes to the server as any note's) after a confirmation.
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { db } from '../../db/db.ts';
import { forgetDraftsOf } from '../../db/draft-store.ts';
import { updateNote } from '../../db/notes-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';
import { toast } from '../../ui/toast-store.ts';
import { loadVaultRuntime, vaultStatus } from '../../vault/vault-status.ts';
import { LockIcon } from '../notes/note-icons.tsx';
import { SET_UP_FIRST } from './use-notes-vault.tsx';

interface Props {
  note: LocalNote;
  whenUnlocked(then: () => void): void;
  /** In the editor: saves its text first, so the lock or unlock applies to what is on screen. */
  beforeChange?: () => Promise<void>;
}

function failed(title: string, error: unknown) {
  toast({
    title,
    description: error instanceof Error ? error.message : String(error),
    variant: 'destructive',
  });
}

export function NoteLockButton({ note, whenUnlocked, beforeChange }: Props) {
  const saveFirst = () => beforeChange?.() ?? Promise.resolve();
  const [confirming, setConfirming] = useState(false);
  if (note.locked)
    return (
      <>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Unlock note
        </Button>
        <ConfirmDialog
          open={confirming}
          title="Make this note plain again?"
          description="Its title, text and tags will be stored and synced unencrypted, like any other note, and the server will be able to read them."
          confirmLabel="Unlock note"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            saveFirst()
              .then(() => updateNote(note.id, {}, undefined, undefined, { locked: false }))
              .then(
                () => toast({ title: 'The note is no longer locked' }),
                (error: unknown) => failed('Could not unlock the note', error),
              );
          }}
        />
      </>
    );
  const lock = async () => {
    const runtime = await loadVaultRuntime();
    await runtime.refresh().catch(() => {});
    if (!vaultStatus.get().hasVault) {
      toast({ title: 'Locked notes are not set up', description: SET_UP_FIRST });
      return;
    }
    whenUnlocked(() => {
      saveFirst()
        .then(() => updateNote(note.id, {}, undefined, undefined, { locked: true }))
        .then(() => forgetDraftsOf(note.id))
        .then(() => db.flashcards.where('noteId').equals(note.id).count())
        .then(
          (cards) =>
            toast({
              title: 'Note locked',
              description:
                cards > 0
                  ? `Only your unlocked devices can read it now. Its ${cards} study cards were made from the plain text and are not locked: delete them in Study mode if they should not stay readable.`
                  : 'Only your unlocked devices can read it now.',
            }),
          (error: unknown) => failed('Could not lock the note', error),
        );
    });
  };
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => void lock().catch((error) => failed('Could not lock the note', error))}
    >
      <LockIcon />
      Lock note
    </Button>
  );
}
