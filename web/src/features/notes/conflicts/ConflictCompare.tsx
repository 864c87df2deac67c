// The compare view of a conflict: the other device's version (the note) and this device's (the copy) side by
// side, stacked in a narrow window, lines the other lacks highlighted. Keeping one writes an ordinary synced
// change (conflict-store.ts); it works offline like any edit. Loaded lazily: it brings the diff library.
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  Heading,
  HStack,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { formatLongDate } from '@private-notes/shared';
import type { CompareLine } from '@private-notes/shared/rules/compare-lines';
import { compareLines } from '@private-notes/shared/rules/compare-lines';
import { useId, useMemo, useState } from 'react';
import { type ConflictChoice, resolveConflict } from '../../../db/conflict-store.ts';
import type { LocalNote } from '../../../db/types.ts';
import { toast } from '../../../ui/toast-store.ts';
import { useOpenConflicts } from './use-open-conflicts.ts';

interface Props {
  copyId: string | null;
  onClose(): void;
}

const RESOLVED: Record<ConflictChoice, string> = {
  note: "Kept the other version. This device's text is in the note's History.",
  copy: "Kept this device's version. The other version is in the note's History.",
  both: 'Kept both notes.',
};

export function ConflictCompare({ copyId, onClose }: Props) {
  const conflicts = useOpenConflicts();
  const conflict = conflicts?.find((c) => c.copyId === copyId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lines = useMemo(
    () => (conflict ? compareLines(conflict.note.content, conflict.copy.content) : null),
    [conflict],
  );

  async function choose(choice: ConflictChoice) {
    if (!copyId) return;
    setBusy(true);
    setError(null);
    try {
      await resolveConflict(copyId, choice);
      toast({ title: 'Conflict resolved', description: RESOLVED[choice] });
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      open={copyId !== null}
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="conflict-compare" maxW={{ md: '5xl' }}>
            <Dialog.Header>
              <Dialog.Title>Compare versions</Dialog.Title>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Header>
            <Dialog.Body>
              {conflicts === undefined ? null : !conflict || !lines ? (
                <Text>This conflict has been resolved.</Text>
              ) : (
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    Highlighted lines are not in the other version. Whichever version you keep, the other one
                    is saved in the note's History, and the copy is removed.
                  </Text>
                  {error ? (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Title>{error}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  <Flex gap="4" direction={{ base: 'column', md: 'row' }} align="stretch">
                    <VersionColumn
                      heading="Other version"
                      hint="Saved from another device"
                      note={conflict.note}
                      lines={lines.left}
                      keepLabel="Keep other version"
                      busy={busy}
                      onKeep={() => void choose('note')}
                    />
                    <VersionColumn
                      heading="This device's version"
                      hint="Kept as a conflicted copy"
                      note={conflict.copy}
                      lines={lines.right}
                      keepLabel="Keep this device's version"
                      busy={busy}
                      onKeep={() => void choose('copy')}
                    />
                  </Flex>
                </Stack>
              )}
            </Dialog.Body>
            {conflict ? (
              <Dialog.Footer>
                <Button variant="outline" disabled={busy} onClick={() => void choose('both')}>
                  Keep both
                </Button>
              </Dialog.Footer>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface ColumnProps {
  heading: string;
  hint: string;
  note: LocalNote;
  lines: CompareLine[];
  keepLabel: string;
  busy: boolean;
  onKeep(): void;
}

function VersionColumn({ heading, hint, note, lines, keepLabel, busy, onKeep }: ColumnProps) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} flex="1" minW="0" borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="2">
        <Heading as="h3" size="sm" id={headingId}>
          {heading}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          {hint} · updated {formatLongDate(note.updatedAt)}
        </Text>
        <Text fontWeight="semibold" wordBreak="break-word">
          {note.title}
        </Text>
        {note.tags.length > 0 ? (
          <HStack gap="1" wrap="wrap">
            {note.tags.map((tag) => (
              <Badge key={tag} variant="outline">
                {tag}
              </Badge>
            ))}
          </HStack>
        ) : null}
        <Box
          as="pre"
          fontFamily="mono"
          fontSize="sm"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
          bg="bg.subtle"
          borderRadius="sm"
          p="2"
          maxH={{ md: '55vh' }}
          overflowY="auto"
          data-testid="compare-text"
        >
          {lines.map((line, index) => (
            <Box
              as="span"
              display="block"
              // Lines have no identity beyond their place.
              key={index}
              bg={line.changed ? 'yellow.subtle' : undefined}
              borderLeftWidth="3px"
              borderLeftColor={line.changed ? 'yellow.solid' : 'transparent'}
              pl="1"
              data-changed={line.changed || undefined}
            >
              {line.text || ' '}
            </Box>
          ))}
        </Box>
        <Button size="sm" colorPalette="blue" alignSelf="start" disabled={busy} onClick={onKeep}>
          {keepLabel}
        </Button>
      </Stack>
    </Box>
  );
}
