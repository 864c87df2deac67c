// Shown at the top of a note (or its conflicted copy) while the conflict between them is open.
import { Alert, Button } from '@chakra-ui/react';
import { conflictDescription } from './conflict-texts.ts';
import { useOpenConflicts } from './use-open-conflicts.ts';

interface Props {
  noteId: string;
  onCompare(copyId: string): void;
}

export function ConflictBanner({ noteId, onCompare }: Props) {
  const conflicts = useOpenConflicts()?.filter((c) => c.noteId === noteId || c.copyId === noteId) ?? [];
  return conflicts.map((conflict) => (
    <Alert.Root
      key={conflict.copyId}
      status="warning"
      mb="4"
      flexWrap="wrap"
      alignItems="center"
      data-testid="conflict-banner"
    >
      <Alert.Indicator />
      <Alert.Content minW="12rem" flex="1">
        <Alert.Title>{conflict.copyId === noteId ? 'Conflicted copy' : 'Conflict'}</Alert.Title>
        <Alert.Description>{conflictDescription(conflict, noteId)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => onCompare(conflict.copyId)}>
        Compare versions
      </Button>
    </Alert.Root>
  ));
}
