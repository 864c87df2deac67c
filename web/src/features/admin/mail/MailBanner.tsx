// Where mail goes, on the screens where it matters (Outbox, subscribers, the newsletter send). Capture mode
// (no SMTP configured) is the documented default and works: an informative notice with the count waiting
// in the Outbox, not an error, and so are the settings it lists as missing (mail still waits in the Outbox).
// Sending for real, problems that stop mail (no public URL for links) are errors.
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
  // In capture mode nothing is lost: every mail waits in the Outbox, so what is missing (PUBLIC_URL, the
  // owner's address) is information beside the notice, not an error. Sending for real, it stops mail.
  const error = problems && !capture;
  return (
    <Alert.Root
      status={error ? 'error' : 'info'}
      data-status={error ? 'error' : 'info'}
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
