// The newsletter send's line about capture mode: the issue goes to the Outbox, not to inboxes. A
// plain line rather than the screens' notice, so the dialog stays about the send.
import { Text } from '@chakra-ui/react';
import { useQuery } from '../../../api/use-query.ts';
import { mailStatusQuery } from './mail-queries.ts';
import { CAPTURE_NOTICE } from './mail-texts.ts';

export function CaptureNote() {
  const { data: status } = useQuery(mailStatusQuery());
  if (status?.transport !== 'capture') return null;
  return (
    <Text color="fg.muted" fontSize="sm" data-testid="capture-note">
      {CAPTURE_NOTICE}: this issue goes to the Outbox, not to the subscribers’ inboxes.
    </Text>
  );
}
