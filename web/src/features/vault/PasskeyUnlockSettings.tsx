// Settings › Locked notes › Unlock with a passkey: the passkeys whose PRF output unlocks the vault (label, date,
// Remove after a confirmation), and adding one while the vault is unlocked. Each is a passkey of its own, made
// for this (not a sign-in passkey). An authenticator without the PRF extension is told so and nothing is stored.
import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@private-notes/shared';
import { PASSKEY_WRAPS_MAX } from '@private-notes/shared/vault/vault-header';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';
import { toast } from '../../ui/toast-store.ts';
import {
  createUnlockPasskey,
  defaultPasskeyLabel,
  forgetCredential,
  type PasskeyPrf,
  webAuthnProblem,
} from '../../vault/passkey-webauthn.ts';
import type { PasskeyUnlockSummary } from '../../vault/vault-passkeys.ts';
import { vaultRuntime } from '../../vault/vault-runtime.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { FormError } from './FormError.tsx';
import { useVaultStatus } from './use-vault-status.ts';

const LABEL_MAX = 100;

export function PasskeyUnlockSettings() {
  const status = useVaultStatus();
  const { user } = useCurrentUser();
  const [label, setLabel] = useState(() => defaultPasskeyLabel(navigator.userAgent));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<PasskeyUnlockSummary | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = label.trim();
    const problem = !name
      ? 'Give the passkey a label.'
      : name.length > LABEL_MAX
        ? `A label of at most ${LABEL_MAX} characters.`
        : status.passkeys.length >= PASSKEY_WRAPS_MAX
          ? `At most ${PASSKEY_WRAPS_MAX} passkeys can unlock locked notes: remove one first.`
          : null;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPending(true);
    let made: PasskeyPrf | null = null;
    let saved = false;
    try {
      made = await createUnlockPasskey({
        vaultKeyId: vaultRuntime.unlockedVaultKeyId(),
        label: name,
        userName: user?.username ?? 'Private Notes',
        excludeCredentialIds: status.passkeys.map((p) => p.credentialId),
      });
      await vaultRuntime.addPasskey({
        credentialId: made.credentialId,
        prfOutput: made.prfOutput,
        label: name,
      });
      saved = true;
      setLabel(defaultPasskeyLabel(navigator.userAgent));
      toast({ title: 'Passkey added', description: `“${name}” can now unlock your locked notes.` });
    } catch (failure) {
      setError(webAuthnProblem(failure, 'add'));
    } finally {
      made?.prfOutput.fill(0);
      // Made but not stored (the server refused it, or offline): the credential is of no use to anyone.
      if (made && !saved) await forgetCredential(made.credentialId);
      setPending(false);
    }
  }

  async function onRemove(passkey: PasskeyUnlockSummary) {
    setRemoving(null);
    setRemoveError(null);
    try {
      await vaultRuntime.removePasskey(passkey.credentialId);
      await forgetCredential(passkey.credentialId);
      toast({
        title: 'Passkey removed',
        description: `“${passkey.label}” no longer unlocks your locked notes.`,
      });
    } catch (failure) {
      setRemoveError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <Stack gap="3" as="section" aria-labelledby="vault-passkeys-heading">
      <Heading as="h3" size="md" id="vault-passkeys-heading">
        Unlock with a passkey
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        A passkey can unlock your locked notes instead of the passphrase, where its authenticator offers the
        PRF extension. These passkeys are separate from the ones you sign in with; the passphrase and the
        recovery key keep working.
      </Text>
      {status.passkeys.length === 0 ? (
        <Text fontSize="sm">No passkey unlocks your locked notes yet.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Passkeys that unlock locked notes">
          {status.passkeys.map((p) => (
            <Box as="li" key={p.credentialId} borderWidth="1px" borderRadius="md" p="3">
              <HStack justify="space-between" gap="3" flexWrap="wrap">
                <Box minW="0">
                  <Text fontWeight="semibold" wordBreak="break-word">
                    {p.label}
                  </Text>
                  {p.createdAt ? (
                    <Text fontSize="sm" color="fg.muted">
                      Added {formatDateTime(p.createdAt)}
                    </Text>
                  ) : null}
                </Box>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRemoving(p)}>
                  Remove
                  <Box as="span" srOnly>
                    {' '}
                    passkey {p.label}
                  </Box>
                </Button>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
      <FormError error={removeError} />
      {status.unlocked ? (
        <form onSubmit={onAdd} noValidate aria-label="Add a passkey for unlocking">
          <Stack gap="3" maxW="md">
            <Field.Root disabled={pending} invalid={error !== null}>
              <Field.Label>Passkey label</Field.Label>
              <Input
                maxLength={LABEL_MAX}
                value={label}
                onChange={(e) => {
                  setLabel(e.currentTarget.value);
                  setError(null);
                }}
              />
              <Field.HelperText>To tell your passkeys apart, say the device or key.</Field.HelperText>
            </Field.Root>
            <FormError error={error} />
            <Button
              type="submit"
              variant="outline"
              alignSelf="start"
              maxW="full"
              whiteSpace="normal"
              loading={pending}
              loadingText="Waiting for the passkey…"
            >
              Add a passkey for unlocking
            </Button>
          </Stack>
        </form>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Unlock first to add a passkey.
        </Text>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        description={`“${removing?.label ?? ''}” will no longer unlock your locked notes. Your passphrase and recovery key still do.`}
        confirmLabel="Remove passkey"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void onRemove(removing);
        }}
      />
    </Stack>
  );
}
