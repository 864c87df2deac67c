// Settings › Security › Passkeys: the owner's passkeys (name, created, last used, Remove) and adding one
// with a name, after the owner confirms it is them (password, and code when two-factor is on). The browser part (@simplewebauthn/browser) is loaded only when a passkey is added.

import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@private-notes/shared';
import { type FormEvent, useState } from 'react';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { PASSKEYS_KEY, passkeysQuery, signInApi, totpQuery } from '../../api/sign-in-api.ts';
import { useQuery } from '../../api/use-query.ts';
import { toast } from '../../ui/toast-store.ts';
import { ConfirmOwnerDialog } from './ConfirmOwnerDialog.tsx';
import { errorText } from './error-text.ts';

export function PasskeysPanel() {
  const passkeys = useQuery(passkeysQuery());
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const totp = useQuery(totpQuery());

  /** The name is checked, then the owner confirms it is them (the server asks for a fresh proof). */
  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name the passkey');
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function addPasskey() {
    setConfirming(false);
    setPending(true);
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = await signInApi.passkeyOptions();
      const response = await startRegistration({ optionsJSON });
      await signInApi.addPasskey(name.trim(), response);
      setName('');
      toast({ title: 'Passkey added', description: 'You can now sign in with this passkey.' });
    } catch (e) {
      setError(errorText(e, 'The passkey was not added.'));
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    }
  }

  async function onRemove(id: number, label: string) {
    try {
      await signInApi.removePasskey(id);
      toast({ title: 'Passkey removed', description: `${label} can no longer sign in.` });
    } catch (e) {
      toast({
        title: 'Error',
        description: errorText(e, 'Failed to remove the passkey.'),
        variant: 'destructive',
      });
    }
    await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  }

  return (
    <Stack gap="3" as="section" aria-labelledby="passkeys-heading">
      <Heading as="h3" size="md" id="passkeys-heading">
        Passkeys
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Sign in with your device's screen lock or a security key instead of the password.
      </Text>
      {passkeys.data && passkeys.data.length === 0 && <Text fontSize="sm">No passkeys yet.</Text>}
      {passkeys.isError && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {passkeys.error.message}
        </Text>
      )}
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Passkeys">
        {passkeys.data?.map((p) => (
          <Box as="li" key={p.id} borderWidth="1px" borderRadius="md" p="3">
            <HStack justify="space-between" gap="3" flexWrap="wrap">
              <Box minW="0">
                <Text fontWeight="semibold" wordBreak="break-word">
                  {p.name}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  Created {formatDateTime(p.createdAt)} · Last used{' '}
                  {p.lastUsedAt ? formatDateTime(p.lastUsedAt) : 'never'}
                </Text>
              </Box>
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => onRemove(p.id, p.name)}>
                Remove
                <Box as="span" srOnly>
                  {' '}
                  passkey {p.name}
                </Box>
              </Button>
            </HStack>
          </Box>
        ))}
      </Stack>
      <form onSubmit={onAdd} noValidate aria-label="Add a passkey">
        <Stack gap="3" maxW="md">
          <Field.Root disabled={pending} invalid={!!error}>
            <Field.Label>Passkey name</Field.Label>
            <Input
              name="passkeyName"
              placeholder="Laptop, phone…"
              maxLength={64}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
            />
          </Field.Root>
          {error && (
            <Text role="alert" color="fg.error" fontSize="sm">
              {error}
            </Text>
          )}
          <Button type="submit" alignSelf="flex-start" loading={pending} loadingText="Adding passkey...">
            Add a passkey
          </Button>
        </Stack>
      </form>
      <ConfirmOwnerDialog
        open={confirming}
        purpose="A passkey signs in without your password or code, so adding one needs your password first."
        withCode={totp.data?.enabled ?? false}
        onCancel={() => setConfirming(false)}
        onConfirmed={() => void addPasskey()}
      />
    </Stack>
  );
}
