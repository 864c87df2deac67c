// "Lock note" / "Unlock note" in the viewer. Locking seals the note on this device before anything is written;
// unlocking makes it plain again (its text then goes to the server as any note's) after a confirmation. Its study
// cards follow: sealed with it, plain again with it.
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { openCardsOfNote, restoreCardsOfNote } from '../../db/card-store.ts';
import { db } from '../../db/db.ts';
import { forgetDraftsOf } from '../../db/draft-store.ts';
import { openStoredNote } from '../../db/locked-note-codec.ts';
import { updateNote } from '../../db/notes-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { syncEngine } from '../../sync/app-sync.ts';
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

const fetchFiles = (hashes: string[]) => syncEngine.fetchAttachments(hashes);

/** The note as stored now (the editor may just have saved newer text than the one it was opened with). */
async function latest(note: LocalNote): Promise<LocalNote> {
  const stored = await db.notes.get(note.id);
  return stored && !stored.deleted ? openStoredNote(stored) : note;
}

/** The note's text with its files sealed (to lock it) or opened (to make it plain): see db/sealed-attachments.ts. */
async function textWithFiles(note: LocalNote, lock: boolean): Promise<Partial<LocalNote>> {
  const files = await import('../../db/sealed-attachments.ts');
  const content = lock
    ? await files.sealAttachmentsOfText(note.content, fetchFiles)
    : await files.openAttachmentsOfText(note.content, fetchFiles);
  return content === note.content ? {} : { content };
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
            // Its cards are opened first, while the note's key is known, and stored plain once the note is.
            saveFirst()
              .then(() => openCardsOfNote(note.id))
              .then(async (cards) => {
                const patch = await textWithFiles(await latest(note), false);
                await updateNote(note.id, patch, undefined, undefined, { locked: false });
                await restoreCardsOfNote(note.id, cards);
              })
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
      // Its files are sealed first (new copies; the note then refers to those only), then the note itself.
      saveFirst()
        .then(async () => textWithFiles(await latest(note), true))
        .then((patch) => updateNote(note.id, patch, undefined, undefined, { locked: true }))
        .then(() => forgetDraftsOf(note.id))
        // Its study cards are sealed too and sent again: the server then keeps only their ciphertext.
        .then(() => restoreCardsOfNote(note.id))
        .then(
          (cards) =>
            toast({
              title: 'Note locked',
              description:
                cards > 0
                  ? `Only your unlocked devices can read it now, and its ${cards === 1 ? 'study card' : `${cards} study cards`} too.`
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
