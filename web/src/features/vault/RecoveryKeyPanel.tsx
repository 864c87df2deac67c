// The recovery key, shown once after set-up: save it as a file or print it, read the plain warning, and confirm
// it is kept before going on.
import { Alert, Box, Button, Checkbox, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { Fragment, useState } from 'react';
import { downloadTextFile } from '../admin/download-text-file.ts';
import { printRecoveryKey, RECOVERY_KEY_FILE_NAME, recoveryKeyText } from './recovery-key-file.ts';

interface Props {
  recoveryKey: string;
  onDone(): void;
  /** The confirming button's label; "Finish" unless said. */
  doneLabel?: string;
}

export function RecoveryKeyPanel({ recoveryKey, onDone, doneLabel = 'Finish' }: Props) {
  const [saved, setSaved] = useState(false);
  const text = recoveryKeyText(recoveryKey, window.location.origin);
  return (
    <Stack gap="4" as="section" aria-label="Your recovery key">
      <Text fontWeight="semibold">Your recovery key</Text>
      <Code
        display="block"
        fontSize={{ base: 'sm', md: 'lg' }}
        p="3"
        whiteSpace="normal"
        data-testid="recovery-key"
      >
        {/* Groups of five kept whole: a narrow screen breaks the line after a hyphen, never inside a group. */}
        {recoveryKey.split('-').map((group, index, groups) => (
          <Fragment key={index}>
            <Box as="span" whiteSpace="nowrap">
              {index < groups.length - 1 ? `${group}-` : group}
            </Box>
            <wbr />
          </Fragment>
        ))}
      </Code>
      <HStack gap="2" wrap="wrap">
        <Button
          variant="outline"
          onClick={() => downloadTextFile(text, RECOVERY_KEY_FILE_NAME, 'text/plain')}
        >
          Save as file
        </Button>
        <Button variant="outline" onClick={() => printRecoveryKey(text)}>
          Print
        </Button>
      </HStack>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Keep it safe</Alert.Title>
          <Alert.Description>
            Without both your passphrase and this recovery key, your locked notes are gone: nobody, not even
            the server, can open them. The recovery key unlocks them if you forget the passphrase.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Checkbox.Root checked={saved} onCheckedChange={(e) => setSaved(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>I have saved my recovery key</Checkbox.Label>
      </Checkbox.Root>
      <Button colorPalette="blue" alignSelf="start" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
