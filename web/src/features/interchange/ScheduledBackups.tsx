// Scheduled backups on Import & Export: how the last one went (when, its size, verified, or failed with the
// reason), when the next is due, the newest verified one to download, and "Back up now".
import { Box, Button, DataList, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type BackupRun, type BackupStatus, formatBytes, formatDateTime } from '@private-notes/shared';
import { BACKUP_STATUS_KEY, backupApi } from '../../api/backup-api.ts';
import { queryOptions } from '../../api/page-cache.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { useMutation } from '../../api/use-mutation.ts';
import { useQuery } from '../../api/use-query.ts';
import { ServerDataError } from '../../ui/private/ServerDataError.tsx';
import { toast } from '../../ui/toast-store.ts';

const backupStatusQuery = () =>
  queryOptions({ queryKey: BACKUP_STATUS_KEY, queryFn: ({ signal }) => backupApi.status(signal) });

function scheduleText(status: BackupStatus): string {
  if (!status.scheduled) return 'Off (BACKUP_INTERVAL_HOURS=0)';
  const every = status.intervalHours === 24 ? 'Daily' : `Every ${status.intervalHours} hours`;
  return `${every}, the newest ${status.keep} kept`;
}

function LastBackup({ run }: { run: BackupRun }) {
  if (!run.ok) {
    return (
      <Text color="fg.error" role="alert" data-testid="backup-last">
        Failed on {formatDateTime(run.at)}: {run.error}
      </Text>
    );
  }
  return (
    <Text data-testid="backup-last">
      {formatDateTime(run.at)}, {formatBytes(run.size ?? 0)}, {run.verified ? 'verified' : 'not verified'}
    </Text>
  );
}

export function ScheduledBackups() {
  const queryClient = useQueryClient();
  const status = useQuery(backupStatusQuery());
  const backupNow = useMutation({
    mutationFn: () => backupApi.backupNow(),
    onSuccess: (answer) => {
      queryClient.setQueryData(BACKUP_STATUS_KEY, answer);
      // A failed run shows once, as the last backup's inline alert with its reason; no toast repeats it
      // (docs/decisions/one-error-message-per-failure.md).
      if (answer.last?.ok) toast({ title: 'Backup written and verified' });
    },
    onError: (error) => toast({ title: 'Backup failed', description: error.message, variant: 'destructive' }),
  });

  return (
    <Stack gap="3" as="section" aria-labelledby="scheduled-backups-heading">
      <Heading as="h3" size="md" id="scheduled-backups-heading">
        Scheduled backups
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        The server also writes a backup by itself into its backup folder (BACKUP_DIR) and reads each one back
        to check it before keeping it.
      </Text>
      {status.isError ? (
        <ServerDataError
          error={status.error}
          what="The server's backups"
          queryKey={backupStatusQuery().queryKey}
        />
      ) : !status.data ? (
        <Skeleton height="16" />
      ) : (
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Schedule</DataList.ItemLabel>
            <DataList.ItemValue>{scheduleText(status.data)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Last backup</DataList.ItemLabel>
            <DataList.ItemValue>
              {status.data.last ? <LastBackup run={status.data.last} /> : <Text>None yet</Text>}
            </DataList.ItemValue>
          </DataList.Item>
          {status.data.nextAt && (
            <DataList.Item>
              <DataList.ItemLabel>Next backup</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(status.data.nextAt)}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      )}
      <Box>
        <HStack gap="2" wrap="wrap">
          <Button
            type="button"
            variant="outline"
            loading={backupNow.isPending}
            onClick={() => backupNow.mutate()}
          >
            Back up now
          </Button>
          {status.data?.latest && status.data.latestHere && (
            // Its date makes it longer than a phone is wide: it wraps rather than pushing the page sideways.
            <Button
              asChild
              variant="outline"
              whiteSpace="normal"
              height="auto"
              minH="10"
              py="2"
              maxW="full"
              flexShrink="1"
              textAlign="start"
            >
              <a href={backupApi.latestUrl} download>
                Download the newest backup ({formatDateTime(status.data.latest.at)})
              </a>
            </Button>
          )}
        </HStack>
        {status.data?.latest && !status.data.latestHere && (
          <Text color="fg.muted" fontSize="sm" mt="2">
            The newest backup ({formatDateTime(status.data.latest.at)}) is not in this server's backup folder
            (another instance wrote it, or it was moved): download it from there.
          </Text>
        )}
      </Box>
    </Stack>
  );
}
