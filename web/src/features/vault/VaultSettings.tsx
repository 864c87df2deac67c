// Settings › Locked notes (loaded only when opened: it brings the vault's crypto). Set up; or, once set up, the
// vault's state with Lock / Unlock, the auto-lock time for this device, Change passphrase and the recovery path.
import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { toast } from '../../ui/toast-store.ts';
import { vaultRuntime } from '../../vault/vault-runtime.ts';
import { AUTO_LOCK_MINUTES_MAX } from '../../vault/vault-session.ts';
import { loadVaultRuntime } from '../../vault/vault-status.ts';
import { ChangePassphraseForm } from './ChangePassphraseForm.tsx';
import { LostEverything } from './LostEverything.tsx';
import { PasskeyUnlockSettings } from './PasskeyUnlockSettings.tsx';
import { RecoveryKeyPanel } from './RecoveryKeyPanel.tsx';
import { RotateVaultKey } from './RotateVaultKey.tsx';
import { SetUpVault } from './SetUpVault.tsx';
import { UnlockForm } from './UnlockForm.tsx';
import { useVaultStatus } from './use-vault-status.ts';

export default function VaultSettings() {
  const status = useVaultStatus();
  const [recoveryKey, setRecoveryKey] = useState<string | null>(null);
  useEffect(() => {
    void loadVaultRuntime();
  }, []);

  if (!status.known) return <Text color="fg.muted">Loading…</Text>;
  // Shown once, right after set-up: it stays until the owner confirms it is saved.
  if (recoveryKey)
    return (
      <RecoveryKeyPanel
        recoveryKey={recoveryKey}
        onDone={() => {
          setRecoveryKey(null);
          toast({
            title: 'Locked notes are ready',
            description: 'Lock a note from its menu, or make a new one.',
          });
        }}
      />
    );
  if (!status.hasVault) return <SetUpVault onCreated={setRecoveryKey} />;

  return (
    <Stack gap="6">
      <HStack gap="3" wrap="wrap">
        <Text data-testid="vault-state">
          {status.unlocked
            ? 'Your locked notes are unlocked on this device.'
            : 'Your locked notes are locked.'}
        </Text>
        {status.unlocked ? (
          <Button size="sm" variant="outline" onClick={() => vaultRuntime.lock('manual')}>
            Lock now
          </Button>
        ) : null}
      </HStack>
      {status.unlocked ? null : <UnlockForm onUnlocked={() => {}} />}
      <AutoLockField />
      <PasskeyUnlockSettings />
      <Stack gap="3">
        <Heading as="h3" size="md">
          Change passphrase
        </Heading>
        {status.unlocked ? (
          <ChangePassphraseForm withRecoveryKey={false} />
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Unlock first to change the passphrase.
          </Text>
        )}
      </Stack>
      <Stack gap="3">
        <Heading as="h3" size="md">
          Forgot the passphrase?
        </Heading>
        <ChangePassphraseForm withRecoveryKey />
        <LostEverything />
      </Stack>
      <RotateVaultKey />
    </Stack>
  );
}

function AutoLockField() {
  const [value, setValue] = useState(() => String(vaultRuntime.autoLockMinutes()));
  const [error, setError] = useState<string | null>(null);
  const save = (text: string) => {
    setValue(text);
    const minutes = Number(text);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > AUTO_LOCK_MINUTES_MAX) {
      setError(`A whole number of minutes from 1 to ${AUTO_LOCK_MINUTES_MAX}.`);
      return;
    }
    setError(null);
    vaultRuntime.setAutoLockMinutes(minutes);
  };
  return (
    <Field.Root invalid={error !== null} maxW="xs">
      <Field.Label>Lock after this many idle minutes</Field.Label>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        value={value}
        onChange={(e) => save(e.currentTarget.value)}
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>On this device only.</Field.HelperText>
      )}
    </Field.Root>
  );
}
