// "Confirm it's you": the password (and the code from the authenticator app when two-factor authentication
// is on) asked before an action a signed-in session alone may not do, such as adding a passkey. The server
// keeps the proof for this session a few minutes (POST /api/user/reauth, under the sign-in lockout).
import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { signInApi } from '../../api/sign-in-api.ts';
import { errorText } from './error-text.ts';

interface Props {
  open: boolean;
  /** What the proof is for, shown under the title. */
  purpose: string;
  /** Whether the code from the authenticator app is asked for too. */
  withCode: boolean;
  onCancel(): void;
  /** The server accepted the proof. */
  onConfirmed(): void;
}

export function ConfirmOwnerDialog({ open, purpose, withCode, onCancel, onConfirmed }: Props) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    setPassword('');
    setCode('');
    setError(null);
    onCancel();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    if (withCode && !code.trim()) {
      setError('Enter the code from your authenticator app');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await signInApi.reauth(password, withCode ? code.trim() : undefined);
      setPassword('');
      setCode('');
      onConfirmed();
    } catch (e) {
      setError(errorText(e, 'Could not confirm it is you.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Confirm it’s you</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Dialog.Description>{purpose}</Dialog.Description>
                  <Field.Root disabled={pending}>
                    <Field.Label>Your password</Field.Label>
                    <Input
                      type="password"
                      name="reauthPassword"
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                  </Field.Root>
                  {withCode && (
                    <Field.Root disabled={pending}>
                      <Field.Label>Code from your authenticator app</Field.Label>
                      <Input
                        name="reauthCode"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={32}
                        value={code}
                        onChange={(e) => setCode(e.target.value)}
                      />
                    </Field.Root>
                  )}
                  {error && (
                    <Text role="alert" color="fg.error" fontSize="sm">
                      {error}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" loading={pending} loadingText="Checking...">
                  Confirm
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
