// Settings › Locked notes, before a vault exists: the passphrase twice with its strength, refused below the
// minimum with the reason. The recovery key is shown next (RecoveryKeyPanel).
import { Button, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { vaultRuntime } from '../../vault/vault-runtime.ts';
import { FormError } from './FormError.tsx';
import { NewPassphraseFields } from './NewPassphraseFields.tsx';
import { newPassphraseProblem } from './passphrase-check.ts';

/** `onCreated` gets the recovery key to show (VaultSettings shows it with RecoveryKeyPanel). */
export function SetUpVault({ onCreated }: { onCreated(recoveryKey: string): void }) {
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPassphraseProblem(passphrase, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    try {
      const key = await vaultRuntime.setUp(passphrase);
      setPassphrase('');
      setConfirm('');
      onCreated(key);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Set up locked notes">
      <Stack gap="4" maxW="md">
        <Text fontSize="sm" color="fg.muted">
          Locked notes are encrypted on your devices with a passphrase only you know: the server, its backups
          and its logs hold only ciphertext.
        </Text>
        <NewPassphraseFields
          passphrase={passphrase}
          confirm={confirm}
          onPassphrase={(v) => {
            setPassphrase(v);
            setError(null);
          }}
          onConfirm={(v) => {
            setConfirm(v);
            setError(null);
          }}
        />
        <FormError error={error} />
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="start"
          loading={pending}
          loadingText="Setting up…"
        >
          Set up locked notes
        </Button>
      </Stack>
    </form>
  );
}
