// Where mail goes, on the screens where it matters (Outbox, subscribers, the newsletter send). Capture mode
// (no SMTP configured) is the documented default and works: an informative notice with the count waiting
// in the Outbox, not an error. Problems that stop mail altogether (no public URL for links) are errors,
// whatever the transport.
import { Alert, Link, List } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useQuery } from '../../../api/use-query.ts';
import { mailStatusQuery } from './mail-queries.ts';
import { CAPTURE_NOTICE, capturedBannerText } from './mail-texts.ts';

/** `onOutbox`: the Outbox itself shows the notice without a link to where the owner already is. */
export function MailBanner({ onOutbox = false }: { onOutbox?: boolean }) {
  const { data: status } = useQuery(mailStatusQuery());
  if (!status) return null;
  const capture = status.transport === 'capture';
  const problems = status.problems.length > 0;
  if (!capture && !problems) return null;
  return (
    <Alert.Root
      status={problems ? 'error' : 'info'}
      data-status={problems ? 'error' : 'info'}
      mb="6"
      data-testid="mail-banner"
    >
      <Alert.Indicator />
      <Alert.Content>
        {capture ? <Alert.Title>{CAPTURE_NOTICE}</Alert.Title> : null}
        <Alert.Description>
          {problems ? (
            <List.Root ps="4">
              {status.problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List.Root>
          ) : null}
          {capture ? `${capturedBannerText(status.captured)} ` : null}
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
