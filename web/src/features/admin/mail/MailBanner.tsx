// The owner's reminder that mail is not really going out: in capture mode (no SMTP configured) every
// message is only written to the Outbox, and the banner says so with the count waiting there. Problems
// that stop mail altogether (no public URL for links) are listed too, whatever the transport.
import { Alert, Link, List } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useQuery } from '../../../api/use-query.ts';
import { mailStatusQuery } from './mail-queries.ts';
import { capturedBannerText } from './mail-texts.ts';

/** `onOutbox`: the Outbox itself shows the banner without a link to where the owner already is. */
export function MailBanner({ onOutbox = false }: { onOutbox?: boolean }) {
  const { data: status } = useQuery(mailStatusQuery());
  if (!status) return null;
  const capture = status.transport === 'capture';
  if (!capture && status.problems.length === 0) return null;
  return (
    <Alert.Root status={status.problems.length > 0 ? 'error' : 'warning'} mb="6" data-testid="mail-banner">
      <Alert.Indicator />
      <Alert.Content>
        {capture ? <Alert.Title>{capturedBannerText(status.captured)}</Alert.Title> : null}
        <Alert.Description>
          {status.problems.length > 0 ? (
            <List.Root ps="4">
              {status.problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List.Root>
          ) : null}
          {capture ? 'Set SMTP_URL (see the README’s E-mail section) to send mail for real. ' : null}
          {capture && !onOutbox ? (
            <Link asChild fontWeight="semibold" textDecoration="underline">
              <RouterLink to="/admin/outbox">Open the Outbox</RouterLink>
            </Link>
          ) : null}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
