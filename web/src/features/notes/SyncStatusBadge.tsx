// The always-visible sync state: offline, syncing, all changes synced, N changes waiting, or what failed and
// why. Opening it lists refused changes with their reasons, and offers to retry or to sign in again.
import { Button, HStack, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { retryUpload } from '../../db/attachment-store.ts';
import { db } from '../../db/db.ts';
import { retryChange } from '../../db/notes-store.ts';
import { syncEngine } from '../../sync/app-sync.ts';
import { describeSyncStatus } from '../../sync/sync-status.ts';
import { CloudIcon, CloudOffIcon } from './note-icons.tsx';
import { useSyncStatus } from './use-sync-status.ts';

const PALETTE = {
  offline: 'gray',
  syncing: 'blue',
  synced: 'green',
  pending: 'orange',
  error: 'red',
  unauthorized: 'red',
} as const;

export interface SyncStatusBadgeProps {
  /** The screen is still showing what the sync brought: "All changes synced" would come before it is true. */
  catchingUp?: boolean;
}

export function SyncStatusBadge({ catchingUp = false }: SyncStatusBadgeProps) {
  const engineStatus = useSyncStatus();
  const status =
    catchingUp && engineStatus.kind === 'synced'
      ? { ...engineStatus, kind: 'syncing' as const }
      : engineStatus;
  const failedIds = status.failed.map((f) => f.noteId);
  const titles = useLiveQuery(
    async () => new Map((await db.notes.bulkGet(failedIds)).map((n, i) => [failedIds[i], n?.title ?? ''])),
    [failedIds.join(',')],
  );
  const label = describeSyncStatus(status);
  return (
    // Mounted only while open: a closed popover leaves no dialog, and no "Sync now", in the page.
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button
          size="sm"
          variant="subtle"
          colorPalette={status.conflicts > 0 && status.kind === 'synced' ? 'orange' : PALETTE[status.kind]}
          data-testid="sync-status"
          data-sync-kind={status.kind}
          aria-label={`Sync status: ${label}`}
        >
          {status.kind === 'syncing' ? (
            <Spinner size="xs" />
          ) : status.kind === 'offline' ? (
            <CloudOffIcon />
          ) : (
            <CloudIcon />
          )}
          <span aria-live="polite">{label}</span>
        </Button>
      </Popover.Trigger>
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
                    disabled={status.kind === 'offline' || status.kind === 'syncing'}
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
