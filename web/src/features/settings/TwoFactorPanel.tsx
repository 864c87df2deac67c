// Settings › Security › Two-factor authentication: set up (QR code or key, then a confirming code), the
// recovery codes shown this once, and turning it off with the password and a code.

import { Box, Button, Code, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import type { TotpSetup } from '@private-notes/shared';
import { type FormEvent, useState } from 'react';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { signInApi, TOTP_KEY, totpQuery } from '../../api/sign-in-api.ts';
import { useQuery } from '../../api/use-query.ts';
import { toast } from '../../ui/toast-store.ts';
import { errorText } from './error-text.ts';

export function TwoFactorPanel() {
  const status = useQuery(totpQuery());
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [offCode, setOffCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TOTP_KEY });

  async function run(action: () => Promise<void>, fallback: string) {
    setError(null);
    setPending(true);
    try {
      await action();
    } catch (e) {
      setError(errorText(e, fallback));
    } finally {
      setPending(false);
    }
  }

  const onStart = () =>
    run(async () => {
      setSetup(await signInApi.totpSetup());
      setCode('');
    }, 'Could not start the setup.');

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    void run(async () => {
      const { recoveryCodes } = await signInApi.totpEnable(code.trim());
      setSetup(null);
      setRecoveryCodes(recoveryCodes);
      toast({
        title: 'Two-factor authentication on',
        description: 'Sign-ins with the password now ask for a code.',
      });
      await refresh();
    }, 'Could not turn on two-factor authentication.');
  };

  const onDisable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    if (!offCode.trim()) {
      setError('Enter the code from your authenticator app');
      return;
    }
    void run(async () => {
      await signInApi.totpDisable(password, offCode.trim());
      setPassword('');
      setOffCode('');
      setRecoveryCodes(null);
      toast({ title: 'Two-factor authentication off', description: 'Sign-ins need only the password.' });
      await refresh();
    }, 'Could not turn off two-factor authentication.');
  };

  const problem = error && (
    <Text role="alert" color="fg.error" fontSize="sm">
      {error}
    </Text>
  );

  return (
    <Stack gap="3" as="section" aria-labelledby="totp-heading">
      <Heading as="h3" size="md" id="totp-heading">
        Two-factor authentication
      </Heading>
      {recoveryCodes && (
        <Box borderWidth="1px" borderRadius="md" p="3" role="region" aria-label="Recovery codes">
          <Text fontWeight="semibold">Save these recovery codes now</Text>
          <Text fontSize="sm" color="fg.muted" mb="2">
            Each signs in once when your authenticator is not at hand. They are not shown again.
          </Text>
          <Box
            as="ul"
            listStyleType="none"
            fontFamily="mono"
            display="grid"
            gridTemplateColumns="repeat(auto-fill, minmax(8rem, 1fr))"
            gap="1"
          >
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
          <Button size="sm" mt="3" variant="outline" onClick={() => setRecoveryCodes(null)}>
            I saved them
          </Button>
        </Box>
      )}
      {status.data?.enabled ? (
        <form onSubmit={onDisable} noValidate aria-label="Turn off two-factor authentication">
          <Stack gap="3" maxW="md">
            <Text fontSize="sm">
              On: password sign-ins ask for a code from your authenticator app.{' '}
              {status.data.recoveryCodesLeft}{' '}
              {status.data.recoveryCodesLeft === 1 ? 'recovery code' : 'recovery codes'} left.
            </Text>
            <Field.Root disabled={pending}>
              <Field.Label>Password to turn it off</Field.Label>
              <Input
                type="password"
                name="totpPassword"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field.Root>
            <Field.Root disabled={pending}>
              <Field.Label>Code from your authenticator app</Field.Label>
              <Input
                name="totpOffCode"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={32}
                value={offCode}
                onChange={(e) => setOffCode(e.target.value)}
              />
              <Field.HelperText>Or one of your recovery codes.</Field.HelperText>
            </Field.Root>
            {problem}
            <Button
              type="submit"
              alignSelf="flex-start"
              variant="outline"
              colorPalette="red"
              loading={pending}
            >
              Turn off two-factor authentication
            </Button>
          </Stack>
        </form>
      ) : setup ? (
        <form onSubmit={onConfirm} noValidate aria-label="Confirm two-factor authentication">
          <Stack gap="3" maxW="md">
            <Text fontSize="sm">
              Scan this code with your authenticator app, then enter the code it shows.
            </Text>
            <Box bg="white" p="2" borderRadius="md" alignSelf="flex-start">
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
                alt="QR code for your authenticator app"
                width={180}
                height={180}
              />
            </Box>
            <Text fontSize="sm">
              Or enter this key: <Code wordBreak="break-all">{setup.secret}</Code>
            </Text>
            <Field.Root disabled={pending}>
              <Field.Label>Code from the app</Field.Label>
              <Input
                name="totpCode"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </Field.Root>
            {problem}
            <Button type="submit" alignSelf="flex-start" loading={pending}>
              Turn on
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack gap="3" alignItems="flex-start">
          <Text fontSize="sm">Off: a password alone signs in.</Text>
          {problem}
          <Button onClick={onStart} loading={pending} disabled={!status.data}>
            Set up two-factor authentication
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
