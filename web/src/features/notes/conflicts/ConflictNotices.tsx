// The open conflicts above the notes, each with the way to the compare view, so the "1 conflict" of the sync
// status is never a mystery.
import { Alert, Button, Stack } from '@chakra-ui/react';
import { conflictDescription } from './conflict-texts.ts';
import { useOpenConflicts } from './use-open-conflicts.ts';

export function ConflictNotices({ onCompare }: { onCompare(copyId: string): void }) {
  const conflicts = useOpenConflicts();
  if (!conflicts || conflicts.length === 0) return null;
  return (
    <Stack gap="2" mb="4" aria-label="Conflicts" role="region">
      {conflicts.map((conflict) => (
        <Alert.Root key={conflict.copyId} status="warning" flexWrap="wrap" alignItems="center">
          <Alert.Indicator />
          <Alert.Content minW="12rem" flex="1">
            <Alert.Title>Edits that could not be merged</Alert.Title>
            <Alert.Description>{conflictDescription(conflict)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => onCompare(conflict.copyId)}>
            Compare versions
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
