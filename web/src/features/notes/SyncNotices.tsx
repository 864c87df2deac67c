// Notices the sync left for the owner (a delete undone because the note was edited on another device), shown
// above the notes until dismissed, so a note that "refused to die" is never a mystery.
import { Alert, Button, Stack } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db.ts';
import { SERVER_RESTORED_NOTICE } from '../../sync/restore-notice.ts';

export function SyncNotices() {
  const notices = useLiveQuery(() => db.notices.orderBy('id').toArray(), []);
  if (!notices || notices.length === 0) return null;
  return (
    <Stack gap="2" mb="4" aria-label="Sync notices" role="region">
      {notices.map((notice) => (
        <Alert.Root key={notice.id} status="warning" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {notice.noteId === SERVER_RESTORED_NOTICE
                ? 'The server was restored from a backup'
                : 'Kept a note you deleted'}
            </Alert.Title>
            <Alert.Description>{notice.message}</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => void db.notices.delete(notice.id!)}>
            Dismiss
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
