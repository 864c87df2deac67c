// The notes screen's Lock / Unlock and "New locked note" (loaded once the owner has a vault: never on the first
// paint of an account without one).
import { Button, HStack } from '@chakra-ui/react';
import { lockVault } from '../../vault/vault-status.ts';
import { LockIcon } from '../notes/note-icons.tsx';

interface Props {
  unlocked: boolean;
  askUnlock(): void;
  whenUnlocked(then: () => void): void;
  /** Opens the editor on a new note that is created locked when saved (nothing is written before). */
  openNewLocked(): void;
}

export default function VaultHeaderControls({ unlocked, askUnlock, whenUnlocked, openNewLocked }: Props) {
  const newLocked = () => whenUnlocked(openNewLocked);
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
