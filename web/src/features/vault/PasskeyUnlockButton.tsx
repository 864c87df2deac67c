// "Unlock with a passkey" beside the passphrase and the recovery key, when passkeys are set up for the vault: a
// WebAuthn assertion limited to those passkeys returns the PRF output that opens the vault. A cancel or a
// failure is said plainly and leaves the form as it was.
import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { getUnlockPasskeyPrf, webAuthnProblem } from '../../vault/passkey-webauthn.ts';
import { vaultRuntime } from '../../vault/vault-runtime.ts';
import { FormError } from './FormError.tsx';
import { useVaultStatus } from './use-vault-status.ts';

export function PasskeyUnlockButton({ onUnlocked }: { onUnlocked(): void }) {
  const { passkeys } = useVaultStatus();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (passkeys.length === 0) return null;

  async function unlock() {
    setError(null);
    setPending(true);
    try {
      const target = vaultRuntime.passkeyUnlockTarget();
      const { credentialId, prfOutput } = await getUnlockPasskeyPrf(target.vaultKeyId, target.credentialIds);
      try {
        await vaultRuntime.unlockWithPasskey(credentialId, prfOutput);
      } finally {
        prfOutput.fill(0);
      }
      onUnlocked();
    } catch (failure) {
      setError(webAuthnProblem(failure, 'unlock'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap="2">
      <Button
        type="button"
        variant="outline"
        alignSelf="start"
        maxW="full"
        whiteSpace="normal"
        loading={pending}
        loadingText="Waiting for the passkey…"
        onClick={() => void unlock()}
      >
        Unlock with a passkey
      </Button>
      <FormError error={error} />
    </Stack>
  );
}
