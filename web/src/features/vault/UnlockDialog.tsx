// The unlock dialog (loaded when first needed: it brings the vault's crypto): the passphrase, or the recovery key.
import { CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { loadVaultRuntime } from '../../vault/vault-status.ts';
import { LostEverything } from './LostEverything.tsx';
import { UnlockForm } from './UnlockForm.tsx';
import { useVaultStatus } from './use-vault-status.ts';

interface Props {
  onClose(): void;
  onUnlocked(): void;
}

export default function UnlockDialog({ onClose, onUnlocked }: Props) {
  const status = useVaultStatus();
  useEffect(() => {
    void loadVaultRuntime();
  }, []);
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Unlock locked notes</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {status.known && !status.hasVault ? (
                <Text>
                  Locked notes are not set up on this account yet: set them up in Settings › Locked notes.
                </Text>
              ) : (
                <Stack gap="4">
                  <UnlockForm onUnlocked={onUnlocked} />
                  <LostEverything />
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
