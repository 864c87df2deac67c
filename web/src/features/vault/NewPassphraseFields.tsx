// A new passphrase typed twice, with the strength meter (the shared estimate) under the first field.
import { Box, Field, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { PASSPHRASE_MIN_BITS } from '@private-notes/shared/vault';
import { useMemo } from 'react';
import { passphraseStrength } from './passphrase-check.ts';

interface Props {
  passphrase: string;
  confirm: string;
  onPassphrase(value: string): void;
  onConfirm(value: string): void;
  label?: string;
}

const PALETTE = ['red', 'red', 'orange', 'green', 'green'] as const;

export function NewPassphraseFields({
  passphrase,
  confirm,
  onPassphrase,
  onConfirm,
  label = 'Passphrase',
}: Props) {
  const strength = useMemo(() => passphraseStrength(passphrase), [passphrase]);
  const percent = Math.min(100, Math.round((strength.bits / 80) * 100));
  return (
    <Stack gap="4">
      <Field.Root required>
        <Field.Label>{label}</Field.Label>
        <Input
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(e) => onPassphrase(e.currentTarget.value)}
        />
        {passphrase ? (
          <Box w="full" mt="1">
            <Progress.Root
              value={percent}
              size="xs"
              colorPalette={PALETTE[strength.score]}
              aria-label="Passphrase strength"
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="sm" mt="1" data-testid="passphrase-strength">
              Strength: {strength.label}
              {strength.bits < PASSPHRASE_MIN_BITS ? ' (not strong enough yet)' : ''}
            </Text>
          </Box>
        ) : (
          <Field.HelperText>Four or more unrelated words make a strong passphrase.</Field.HelperText>
        )}
      </Field.Root>
      <Field.Root required>
        <Field.Label>Repeat the passphrase</Field.Label>
        <Input
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => onConfirm(e.currentTarget.value)}
        />
      </Field.Root>
    </Stack>
  );
}
