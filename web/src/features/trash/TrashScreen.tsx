// The Trash (/trash): notes deleted in the last 30 days, with Restore (works offline) and Delete forever /
// Empty trash (need the server, which holds the history). It shows what this device knows at once and the
// server's Trash as soon as it answers.

import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ApiError, formatDateTime, isLockedNoteText, TRASH_DAYS } from '@private-notes/shared';
import { Link as RouterLink } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { api } from '../../api/api.ts';
import { LOCKED_NOTE_TITLE, openFields } from '../../db/locked-note-codec.ts';
import {
  deleteForever,
  emptyTrash,
  listTrash,
  replaceTrashFromServer,
  restoreFromTrash,
} from '../../db/trash-store.ts';
import type { TrashRow } from '../../db/types.ts';
import { startSync, syncEngine } from '../../sync/app-sync.ts';
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { toast } from '../../ui/toast-store.ts';

type Confirm = { kind: 'one'; row: TrashRow } | { kind: 'all' } | null;

/** A 404 from Delete forever means the server no longer has it: what the owner asked for. */
async function removeOnServer(serverId: number): Promise<void> {
  try {
    await api.deleteForever(serverId);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

function failed(title: string, error: unknown): void {
  toast({
    title,
    description: error instanceof Error ? error.message : String(error),
    variant: 'destructive',
  });
}

export function TrashScreen() {
  const rows = useLiveQuery(() => listTrash(), []);
  const [fromServer, setFromServer] = useState<'loading' | 'yes' | 'no'>('loading');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    startSync();
    const controller = new AbortController();
    api
      .trash(controller.signal)
      .then((list) => replaceTrashFromServer(list))
      .then(() => setFromServer('yes'))
      .catch(() => {
        if (!controller.signal.aborted) setFromServer('no');
      });
    return () => controller.abort();
  }, []);

  const restore = async (row: TrashRow) => {
    try {
      await restoreFromTrash(row.id);
      void syncEngine.syncNow();
      toast({
        title: 'Note restored',
        description: `“${trashRowShown(row).title}” is back in your notes, with its history.`,
      });
    } catch (error) {
      failed('Could not restore the note', error);
    }
  };

  const confirmed = async () => {
    const target = confirm;
    setConfirm(null);
    if (!target) return;
    setBusy(true);
    try {
      if (target.kind === 'one') {
        await deleteForever(target.row.id, removeOnServer);
        toast({
          title: 'Note deleted forever',
          description: `“${trashRowShown(target.row).title}” and its history are gone.`,
        });
      } else {
        await emptyTrash(async () => {
          await api.emptyTrash();
        });
        toast({ title: 'Trash emptied', description: 'The notes and their history are gone.' });
      }
    } catch (error) {
      failed(target.kind === 'one' ? 'Could not delete the note' : 'Could not empty the Trash', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <OwnerPage>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h1" size="2xl">
          Trash
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/notes">Back to notes</RouterLink>
          </Button>
          <Button
            colorPalette="red"
            variant="outline"
            size="sm"
            disabled={busy || !rows || rows.length === 0}
            onClick={() => setConfirm({ kind: 'all' })}
          >
            Empty trash
          </Button>
        </HStack>
      </Flex>
      <Text color="fg.muted" mb="6">
        Deleted notes stay here for {TRASH_DAYS} days with their history, then are removed for good.
      </Text>
      {fromServer === 'no' && (
        <Text role="status" mb="4" color="fg.muted">
          Could not reach the server: showing the deleted notes this device knows about.
        </Text>
      )}
      {rows && rows.length === 0 ? (
        <Box borderWidth="1px" borderRadius="lg" p="8" textAlign="center">
          <Text fontWeight="semibold">The Trash is empty</Text>
          <Text color="fg.muted">Notes you delete wait here for {TRASH_DAYS} days.</Text>
        </Box>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Deleted notes">
          {(rows ?? []).map((row) => {
            const shown = trashRowShown(row);
            return (
              <Box as="li" key={row.id} borderWidth="1px" borderRadius="lg" p="4">
                <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
                  <Box minW="0" flex="1">
                    <Heading as="h2" size="md" wordBreak="break-word">
                      {shown.title}
                    </Heading>
                    <Text fontSize="sm" color="fg.muted">
                      Deleted {formatDateTime(row.deletedAt)}
                      {row.serverId === null && (
                        <Badge ml="2" size="sm">
                          Not synced
                        </Badge>
                      )}
                    </Text>
                    <Text mt="2" lineClamp={2} wordBreak="break-word">
                      {shown.content.slice(0, 300)}
                    </Text>
                  </Box>
                  <HStack gap="2">
                    <Button
                      size="sm"
                      colorPalette="blue"
                      onClick={() => void restore(row)}
                      aria-label={`Restore “${shown.title}”`}
                    >
                      Restore
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      disabled={busy}
                      onClick={() => setConfirm({ kind: 'one', row })}
                      aria-label={`Delete “${shown.title}” forever`}
                    >
                      Delete forever
                    </Button>
                  </HStack>
                </Flex>
              </Box>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'all' ? 'Empty the Trash?' : 'Delete this note forever?'}
        description={
          confirm?.kind === 'all'
            ? 'Every note in the Trash and its history will be removed at once. This cannot be undone.'
            : 'The note and its history will be removed at once. This cannot be undone.'
        }
        confirmLabel={confirm?.kind === 'all' ? 'Empty trash' : 'Delete forever'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void confirmed()}
      />
    </OwnerPage>
  );
}

/** A locked note in the Trash shows decrypted (in memory) while unlocked, as "Locked note" otherwise. */
function trashRowShown(row: { id: string; title: string; content: string; tags: string[] }) {
  if (!isLockedNoteText(row.content)) return row;
  try {
    return { ...row, ...openFields(row.id, row) };
  } catch {
    return { ...row, title: LOCKED_NOTE_TITLE, content: 'Unlock your locked notes to read it.' };
  }
}
