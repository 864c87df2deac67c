// History of one note, inside the note viewer: the revisions the server kept (newest first, with dates and why),
// the chosen one shown as a diff against the current text, and Restore, which makes it the note's next version
// through the ordinary local edit (so it syncs like any edit). The list needs the server; the restore does not.
import { Badge, Box, Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { formatDateTime, type RevisionSummary } from '@private-notes/shared';
import { useState } from 'react';
import { api } from '../../../api/api.ts';
import { useQuery } from '../../../api/use-query.ts';
import type { LocalNote } from '../../../db/types.ts';
import { toast } from '../../../ui/toast-store.ts';
import { RevisionDiffView } from './RevisionDiffView.tsx';
import { readableRevision, restoreRevision } from './restore-revision.ts';
import { REVISION_REASON_LABELS } from './revision-labels.ts';

interface Props {
  note: LocalNote;
  onRestored(): void;
}

export function NoteHistory({ note, onRestored }: Props) {
  const serverId = note.serverId;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list = useQuery({
    // The note's version is in the key: after an edit or a restore has synced, the list is asked again.
    queryKey: ['note-revisions', serverId ?? 0, note.version ?? 0],
    queryFn: () => api.noteRevisions(serverId!),
    enabled: serverId !== null,
  });
  if (serverId === null) {
    return <Text color="fg.muted">History is kept by the server once this note has synced.</Text>;
  }
  if (list.isPending) {
    return (
      <HStack color="fg.muted">
        <Spinner size="sm" /> <Text>Loading history…</Text>
      </HStack>
    );
  }
  if (list.isError) {
    return (
      <Text color="fg.error" role="alert">
        History could not be loaded: {list.error.message}
      </Text>
    );
  }
  if (list.data.length === 0) {
    return (
      <Text color="fg.muted">
        No earlier versions yet. A version is kept when the note is edited again after ten minutes, and before
        any restore or import replaces it.
      </Text>
    );
  }
  const selected = list.data.find((r) => r.id === selectedId) ?? list.data[0]!;
  return (
    <Flex
      gap="4"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'start' }}
      data-testid="note-history"
    >
      <Stack as="ul" aria-label="Earlier versions" gap="1" w={{ base: 'full', md: '260px' }} flexShrink={0}>
        {list.data.map((revision) => (
          <li key={revision.id}>
            <Button
              variant={revision.id === selected.id ? 'subtle' : 'ghost'}
              size="sm"
              w="full"
              h="auto"
              py="2"
              justifyContent="start"
              textAlign="start"
              aria-current={revision.id === selected.id ? 'true' : undefined}
              onClick={() => setSelectedId(revision.id)}
            >
              <Stack gap="0">
                <Text fontWeight="medium">{formatDateTime(revision.createdAt)}</Text>
                <Text fontSize="xs" color="fg.muted">
                  Version {revision.version} · {REVISION_REASON_LABELS[revision.reason]}
                </Text>
              </Stack>
            </Button>
          </li>
        ))}
      </Stack>
      <Box flex="1" minW="0">
        <RevisionDetail noteId={serverId} summary={selected} note={note} onRestored={onRestored} />
      </Box>
    </Flex>
  );
}

function RevisionDetail({
  noteId,
  summary,
  note,
  onRestored,
}: {
  noteId: number;
  summary: RevisionSummary;
  note: LocalNote;
  onRestored(): void;
}) {
  const [restoring, setRestoring] = useState(false);
  const detail = useQuery({
    queryKey: ['note-revision', noteId, summary.id],
    queryFn: () => api.noteRevision(noteId, summary.id),
  });
  if (detail.isPending) return <Spinner size="sm" />;
  if (detail.isError) {
    return (
      <Text color="fg.error" role="alert">
        This version could not be loaded: {detail.error.message}
      </Text>
    );
  }
  const revision = readableRevision(note.id, detail.data);
  if (!revision)
    return (
      <Text color="fg.muted" data-testid="revision-locked">
        Locked: this version is encrypted with a key this device cannot open now.
      </Text>
    );
  const restore = async () => {
    setRestoring(true);
    try {
      await restoreRevision(note.id, revision);
      toast({
        title: 'Version restored',
        description: `The note now holds the text of ${formatDateTime(revision.createdAt)}.`,
      });
      onRestored();
    } catch {
      toast({ title: 'Failed to restore', description: 'The note was not changed.', variant: 'destructive' });
    } finally {
      setRestoring(false);
    }
  };
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Stack gap="0">
          <Text fontWeight="semibold">{revision.title}</Text>
          {revision.title !== note.title ? (
            <Text fontSize="sm" color="fg.muted">
              Title now: {note.title}
            </Text>
          ) : null}
        </Stack>
        <Button size="sm" colorPalette="blue" onClick={() => void restore()} loading={restoring}>
          Restore this version
        </Button>
      </Flex>
      {revision.tags.length > 0 ? (
        <HStack gap="1" wrap="wrap">
          {revision.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
        </HStack>
      ) : null}
      <RevisionDiffView before={revision.content} after={note.content} />
    </Stack>
  );
}
