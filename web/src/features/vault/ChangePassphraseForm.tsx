// Change passphrase (the vault unlocked: the vault key is re-wrapped under the new one, no note re-encrypted;
// the old passphrase no longer opens the vault), or, with the recovery key, set a new passphrase after
// forgetting the old one.
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../ui/toast-store.ts';
import { vaultRuntime } from '../../vault/vault-runtime.ts';
import { FormError } from './FormError.tsx';
import { NewPassphraseFields } from './NewPassphraseFields.tsx';
import { newPassphraseProblem } from './passphrase-check.ts';

export function ChangePassphraseForm({ withRecoveryKey }: { withRecoveryKey: boolean }) {
  const [recoveryKey, setRecoveryKey] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const label = withRecoveryKey ? 'Set a new passphrase with the recovery key' : 'Change passphrase';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem =
      withRecoveryKey && !recoveryKey.trim()
        ? 'Enter your recovery key.'
        : newPassphraseProblem(passphrase, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    try {
      if (withRecoveryKey) await vaultRuntime.resetPassphrase(recoveryKey, passphrase);
      else await vaultRuntime.changePassphrase(passphrase);
      setRecoveryKey('');
      setPassphrase('');
      setConfirm('');
      toast({
        title: 'Passphrase changed',
        description: 'Use the new passphrase from now on; your recovery key still works.',
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  }

  const clear = () => setError(null);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="4" maxW="md">
        {withRecoveryKey ? (
          <Field.Root required>
            <Field.Label>Recovery key</Field.Label>
            <Input
              autoComplete="off"
              spellCheck={false}
              value={recoveryKey}
              onChange={(e) => {
                setRecoveryKey(e.currentTarget.value);
                clear();
              }}
            />
          </Field.Root>
        ) : null}
        <NewPassphraseFields
          label="New passphrase"
          passphrase={passphrase}
          confirm={confirm}
          onPassphrase={(v) => {
            setPassphrase(v);
            clear();
          }}
          onConfirm={(v) => {
            setConfirm(v);
            clear();
          }}
        />
        <FormError error={error} />
        <Button
          type="submit"
          variant="outline"
          alignSelf="start"
          maxW="full"
          whiteSpace="normal"
          loading={pending}
          loadingText="Saving…"
        >
          {withRecoveryKey ? 'Set new passphrase' : 'Change passphrase'}
        </Button>
      </Stack>
    </form>
  );
}
