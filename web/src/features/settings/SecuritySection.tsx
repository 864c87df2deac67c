// Settings › Security: change the password (current, new, confirm), checked before any call; the owner may
// ask, with the same change, that every passkey be removed (off unless ticked).
import { Button, Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { PASSKEYS_KEY } from '../../api/sign-in-api.ts';
import { toast } from '../../ui/toast-store.ts';
import { type PasswordForm, passwordError } from './settings-validation.ts';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function SecuritySection() {
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const queryClient = useQueryClient();

  const set = (field: keyof PasswordForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setError(null);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = passwordError(form);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    try {
      await api.changePassword({ ...form, ...(removePasskeys ? { removePasskeys: true } : {}) });
      setForm(EMPTY);
      setRemovePasskeys(false);
      toast({
        title: 'Password changed',
        description: removePasskeys
          ? 'Your password has been updated, other sessions signed out and your passkeys removed: none of them signs in any more.'
          : 'Your password has been updated and other sessions signed out. Your passkeys still sign in: remove one under Passkeys to stop it.',
      });
      if (removePasskeys) await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    } catch (e) {
      const message = e instanceof Error ? e.message : 'Failed to change password';
      // Shown once, under the fields it is about (docs/decisions/one-error-message-per-failure.md).
      setError(message);
    } finally {
      setPending(false);
    }
  }

  const fields: Array<{ key: keyof PasswordForm; label: string; autoComplete: string }> = [
    { key: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
    { key: 'newPassword', label: 'New password', autoComplete: 'new-password' },
    { key: 'confirmPassword', label: 'Confirm password', autoComplete: 'new-password' },
  ];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="4" maxW="md">
        {fields.map(({ key, label, autoComplete }) => (
          <Field.Root key={key} disabled={pending}>
            <Field.Label>{label}</Field.Label>
            <Input
              type="password"
              name={key}
              autoComplete={autoComplete}
              value={form[key]}
              onChange={(e) => set(key)(e.target.value)}
            />
          </Field.Root>
        ))}
        <Text fontSize="sm" color="fg.muted">
          At least 8 characters.
        </Text>
        <Checkbox.Root
          checked={removePasskeys}
          disabled={pending}
          onCheckedChange={(e) => setRemovePasskeys(e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Also remove my passkeys</Checkbox.Label>
        </Checkbox.Root>
        {error && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {error}
          </Text>
        )}
        <Button type="submit" alignSelf="flex-start" loading={pending} loadingText="Changing password...">
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
