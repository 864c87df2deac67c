// Settings › Locked notes › Rotate the vault key: the passphrase again, the new recovery key shown and confirmed
// saved, then every locked note re-locked in the background with its progress ("Re-locking notes: 12 of 30").
// It resumes by itself on this device's next unlock after a reload or a crash.
import { Alert, Button, Field, Heading, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import type { PreparedRotation, RotationState } from '../../vault/vault-key-rotation.ts';
import { vaultRuntime } from '../../vault/vault-runtime.ts';
import { FormError } from './FormError.tsx';
import { RecoveryKeyPanel } from './RecoveryKeyPanel.tsx';
import { useKeyRotation } from './use-key-rotation.ts';
import { useVaultStatus } from './use-vault-status.ts';

const count = (n: number) => n.toLocaleString('en-US');

export function RotateVaultKey() {
  const status = useVaultStatus();
  const state = useKeyRotation();
  const pending = vaultRuntime.rotationPending();
  return (
    <Stack gap="3" as="section" aria-label="Rotate the vault key">
      <Heading as="h3" size="md">
        Rotate the vault key
      </Heading>
      {!status.unlocked ? (
        <Text fontSize="sm" color="fg.muted">
          {pending
            ? 'A vault key rotation is under way: unlock to continue it.'
            : 'Unlock first to rotate the vault key.'}
        </Text>
      ) : (
        <RotationBody state={state} pending={pending} />
      )}
    </Stack>
  );
}

function RotationBody({ state, pending }: { state: RotationState; pending: boolean }) {
  const [error, setError] = useState<string | null>(null);
  if (state.phase === 'running')
    return (
      <Stack gap="2" maxW="md">
        <Text role="status">
          Re-locking notes: {count(state.done)} of {count(state.total)}
        </Text>
        <Progress.Root value={state.total ? Math.round((state.done / state.total) * 100) : 0}>
          <Progress.Label srOnly>Notes re-locked</Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="sm" color="fg.muted">
          Keep this tab open; if it closes, the rotation continues the next time you unlock here.
        </Text>
      </Stack>
    );
  if (state.phase === 'finished')
    return (
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Vault key rotated</Alert.Title>
          <Alert.Description>
            {count(state.total)} locked {state.total === 1 ? 'note' : 'notes'} re-locked under the new key.
            Your passphrase is unchanged; use the new recovery key from now on.
            {state.passkeysDropped ? ' Passkeys no longer unlock your locked notes: add them again.' : ''}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  if (pending || state.phase === 'failed') {
    const message =
      state.phase === 'failed'
        ? `The rotation stopped: ${state.message}`
        : state.phase === 'waiting' && !state.startedHere
          ? 'A vault key rotation started on another device is not finished. Leave it to that device, or finish it here.'
          : 'A vault key rotation is under way.';
    return (
      <Stack gap="2" maxW="md">
        <Text role={state.phase === 'failed' ? 'alert' : undefined}>{message}</Text>
        <FormError error={error} />
        <Button
          variant="outline"
          alignSelf="start"
          onClick={() => {
            setError(null);
            vaultRuntime.rotation.continueHere().catch((e: unknown) => setError(String(e)));
          }}
        >
          {state.phase === 'failed' ? 'Try again' : 'Continue it on this device'}
        </Button>
      </Stack>
    );
  }
  return <StartRotation />;
}

function StartRotation() {
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [prepared, setPrepared] = useState<PreparedRotation | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!passphrase) {
      setError('Enter your passphrase.');
      return;
    }
    setBusy(true);
    try {
      setPrepared(await vaultRuntime.rotation.prepare(passphrase));
      setPassphrase('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  if (prepared)
    return (
      <Stack gap="3">
        <Text>
          This is your <strong>new</strong> recovery key. Save it now: when the rotation finishes, the old
          recovery key stops working.
        </Text>
        <RecoveryKeyPanel
          recoveryKey={prepared.recoveryKey}
          doneLabel="Start re-locking"
          onDone={() => {
            setPrepared(null);
            vaultRuntime.rotation.confirm(prepared).catch((failure: unknown) => {
              setError(failure instanceof Error ? failure.message : String(failure));
            });
          }}
        />
        <Button
          variant="ghost"
          alignSelf="start"
          onClick={() => {
            vaultRuntime.rotation.cancelPrepared(prepared);
            setPrepared(null);
          }}
        >
          Cancel
        </Button>
      </Stack>
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Rotate the vault key">
      <Stack gap="3" maxW="md">
        <Text fontSize="sm">
          A new vault key, and every locked note re-encrypted with new keys on this device, then synced. Do it
          when you fear an old passphrase or a backup was exposed. Your passphrase stays the same; you get a
          new recovery key; passkeys that unlock your locked notes must be added again afterwards.
        </Text>
        <Field.Root invalid={error !== null}>
          <Field.Label>Your passphrase</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            value={passphrase}
            onChange={(e) => {
              setPassphrase(e.currentTarget.value);
              setError(null);
            }}
          />
        </Field.Root>
        <FormError error={error} />
        <Button type="submit" variant="outline" alignSelf="start" loading={busy} loadingText="Preparing…">
          Rotate vault key
        </Button>
      </Stack>
    </form>
  );
}
