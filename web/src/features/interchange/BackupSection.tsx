// "Download a backup": everything the server holds (notes, revisions, posts, comments, subscribers, settings,
// the account, attachments) as one zip, for safekeeping or a move to another machine. Needs the server.
// Below it, the server's own scheduled backups (ScheduledBackups.tsx).
import { Button, Card, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { API } from '@private-notes/shared';
import { ScheduledBackups } from './ScheduledBackups.tsx';

export function BackupSection() {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="lg">
            Download a backup
          </Heading>
          <Text color="fg.muted">
            A complete copy of what the server holds: notes and their history, blog posts, comments,
            subscribers, settings, the account and attachments. It contains the password hash and session
            keys, so keep it as safe as the server itself. It needs a connection to the server.
          </Text>
          <Text color="fg.muted" fontSize="sm">
            To restore it, stop the server and run <Code>npm run restore -- BACKUP.zip --data-dir DIR</Code>,
            then start the server with that <Code>DATA_DIR</Code>. Every backup carries the size and checksum
            of each file in it: <Code>npm run restore -- --verify BACKUP.zip</Code> checks one without
            restoring.
          </Text>
          <div>
            <Button asChild variant="outline">
              <a href={API.adminBackup} download>
                Download a backup
              </a>
            </Button>
          </div>
          <ScheduledBackups />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
