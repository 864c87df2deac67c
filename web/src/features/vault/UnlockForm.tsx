// Unlocking the vault: the passphrase, or the recovery key ("Use recovery key instead"), or a passkey set up for
// it. Argon2id runs in a worker meanwhile, so the page stays responsive; a wrong passphrase or a mistyped key is
// said plainly.
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { vaultRuntime } from '../../vault/vault-runtime.ts';
import { FormError } from './FormError.tsx';
import { PasskeyUnlockButton } from './PasskeyUnlockButton.tsx';

export function UnlockForm({ onUnlocked }: { onUnlocked(): void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!secret.trim()) {
      setError(useRecovery ? 'Enter your recovery key.' : 'Enter your passphrase.');
      return;
    }
    setPending(true);
    try {
      if (useRecovery) await vaultRuntime.unlockWithRecoveryKey(secret);
      else await vaultRuntime.unlock(secret);
      setSecret('');
      onUnlocked();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Unlock locked notes">
      <Stack gap="3">
        <Field.Root invalid={error !== null}>
          <Field.Label>{useRecovery ? 'Recovery key' : 'Passphrase'}</Field.Label>
          <Input
            type={useRecovery ? 'text' : 'password'}
            autoComplete={useRecovery ? 'off' : 'current-password'}
            spellCheck={false}
            value={secret}
            onChange={(e) => {
              setSecret(e.currentTarget.value);
              setError(null);
            }}
          />
        </Field.Root>
        <FormError error={error} />
        <Stack direction="row" gap="3" align="center" wrap="wrap">
          <Button type="submit" colorPalette="blue" loading={pending} loadingText="Unlocking…">
            Unlock
          </Button>
          <Button
            variant="plain"
            size="sm"
            textDecoration="underline"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setSecret('');
              setError(null);
            }}
          >
            {useRecovery ? 'Use passphrase instead' : 'Use recovery key instead'}
          </Button>
        </Stack>
        <PasskeyUnlockButton
          onUnlocked={() => {
            setSecret('');
            setError(null);
            onUnlocked();
          }}
        />
      </Stack>
    </form>
  );
}
