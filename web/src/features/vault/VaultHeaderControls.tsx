// The notes screen's Lock / Unlock and "New locked note" (loaded once the owner has a vault: never on the first
// paint of an account without one).
import { Button, HStack } from '@chakra-ui/react';
import { createNote } from '../../db/notes-store.ts';
import { toast } from '../../ui/toast-store.ts';
import { lockVault } from '../../vault/vault-status.ts';
import { LockIcon } from '../notes/note-icons.tsx';

interface Props {
  unlocked: boolean;
  askUnlock(): void;
  whenUnlocked(then: () => void): void;
  openEditor(noteId: string): void;
}

export default function VaultHeaderControls({ unlocked, askUnlock, whenUnlocked, openEditor }: Props) {
  const newLocked = () =>
    whenUnlocked(() => {
      createNote({ title: '', content: '', tags: [] }, undefined, { locked: true }).then(
        (note) => openEditor(note.id),
        (error: unknown) =>
          toast({ title: 'Could not make the note', description: String(error), variant: 'destructive' }),
      );
    });
  return (
    <HStack gap="2">
      {unlocked ? (
        <Button size="xs" variant="outline" onClick={() => lockVault('manual')}>
          <LockIcon />
          Lock
        </Button>
      ) : (
        <Button size="xs" variant="outline" onClick={askUnlock}>
          <LockIcon />
          Unlock locked notes
        </Button>
      )}
      <Button size="xs" variant="outline" onClick={newLocked}>
        New locked note
      </Button>
    </HStack>
  );
}
