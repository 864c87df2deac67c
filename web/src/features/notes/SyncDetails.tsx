// The sync details popover under the sync status button (SyncStatusBadge): refused changes with their
// reasons and Retry, refused uploads, conflicts, sign in again and Sync now. A chunk of its own, loaded when the
// owner points at or focuses the button, so the notes screen's first paint carries no popover code.
import { Button, HStack, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { retryUpload } from '../../db/attachment-store.ts';
import { db } from '../../db/db.ts';
import { retryChange } from '../../db/notes-store.ts';
import { syncEngine } from '../../sync/app-sync.ts';
import type { SyncStatus } from '../../sync/sync-status.ts';

interface Props {
  status: SyncStatus;
  label: string;
  /** The id of the sync status button, which opens this popover and anchors it. */
  triggerId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function SyncDetails({ status, label, triggerId, open, onOpenChange }: Props) {
  const failedIds = status.failed.map((f) => f.noteId);
  const titles = useLiveQuery(
    async () => new Map((await db.notes.bulkGet(failedIds)).map((n, i) => [failedIds[i], n?.title ?? ''])),
    [failedIds.join(',')],
  );
  return (
    // Mounted only while open: a closed popover leaves no dialog, and no "Sync now", in the page.
    <Popover.Root
      ids={{ trigger: triggerId }}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="sm" aria-label="Sync details">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3" fontSize="sm">
                <Text fontWeight="semibold">{label}</Text>
                {status.kind === 'offline' ? (
                  <Text>Your notes are saved on this device and will sync when you are back online.</Text>
                ) : null}
                {status.message ? <Text color="fg.error">{status.message}</Text> : null}
                {status.conflicts > 0 ? (
                  <Text>
                    {status.conflicts === 1
                      ? 'A note was changed here and on another device in the same place.'
                      : `${status.conflicts} notes were changed here and on another device in the same place.`}{' '}
                    Both versions are kept: compare them from the notice above your notes.
                  </Text>
                ) : null}
                {status.kind === 'unauthorized' ? (
                  <Button asChild size="sm" colorPalette="blue">
                    <a href="/auth?redirect=%2Fnotes">Sign in again</a>
                  </Button>
                ) : null}
                {status.failed.length > 0 ? (
                  <Stack gap="2" as="ul" data-testid="sync-failures">
                    {status.failed.map((failure) => (
                      <li key={failure.noteId}>
                        <Text fontWeight="medium">{titles?.get(failure.noteId) || 'Deleted note'}</Text>
                        <Text color="fg.error">{failure.error}</Text>
                        <Button
                          size="xs"
                          variant="outline"
                          mt="1"
                          onClick={() => void retryChange(failure.noteId)}
                        >
                          Retry
                        </Button>
                      </li>
                    ))}
                  </Stack>
                ) : null}
                {status.refusedUploads.length > 0 ? (
                  <Stack gap="2" as="ul" data-testid="upload-failures" aria-label="Files not uploaded">
                    {status.refusedUploads.map((refused) => (
                      <li key={refused.sha256}>
                        <Text fontWeight="medium">{refused.name}</Text>
                        <Text color="fg.error">{refused.error}</Text>
                        <Button
                          size="xs"
                          variant="outline"
                          mt="1"
                          onClick={() => void retryUpload(refused.sha256)}
                        >
                          Retry upload
                        </Button>
                      </li>
                    ))}
                  </Stack>
                ) : null}
                {status.lastSyncedAt ? (
                  <Text color="fg.muted">Last synced {new Date(status.lastSyncedAt).toLocaleString()}</Text>
                ) : null}
                <HStack>
                  <Button
                    size="xs"
                    variant="outline"
                    // Offline with a message: the browser says online but the server could not be reached, and
                    // trying again now is what the owner may want.
                    disabled={(status.kind === 'offline' && !status.message) || status.kind === 'syncing'}
                    onClick={() => void syncEngine.resume()}
                  >
                    Sync now
                  </Button>
                </HStack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
