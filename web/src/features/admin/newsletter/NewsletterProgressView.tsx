// A send's live progress (sent / failed / left, polled while sending), why it paused with Resume, and
// Retry uncertain behind its warning: those recipients may already have the mail.
import { Alert, Button, Dialog, Progress, Stack, Text } from '@chakra-ui/react';
import type { NewsletterSend } from '@private-notes/shared';
import { useEffect, useRef, useState } from 'react';
import { mailApi } from '../../../api/mail-api.ts';
import { useMutation } from '../../../api/use-mutation.ts';
import { canRetryUncertain, progressPercent, sendCountsText, sendStateLabel } from './newsletter-progress.ts';
import type { NewsletterProgress } from './use-newsletter-progress.ts';

export const RETRY_UNCERTAIN_WARNING = 'These subscribers may already have this e-mail. Send it again?';

interface Props {
  postId: number;
  progress: NewsletterProgress;
  send: NewsletterSend;
}

export function NewsletterProgressView({ postId, progress, send }: Props) {
  const [warning, setWarning] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const retryable = canRetryUncertain(send);

  useEffect(() => {
    if (warning) cancelRef.current?.focus();
  }, [warning]);

  // A refusal shows inside the dialog: an open modal hides the page's toasts from assistive technology.
  const resume = useMutation({
    mutationFn: () => mailApi.resumeNewsletter(postId),
    onSuccess: progress.replace,
  });
  const retry = useMutation({
    mutationFn: () => mailApi.retryUncertain(postId),
    onSuccess: (answer) => {
      setWarning(false);
      progress.replace(answer);
    },
  });
  const refusal = resume.error
    ? `Could not resume. ${resume.error.message}`
    : retry.error
      ? `Could not retry. ${retry.error.message}`
      : null;

  return (
    <>
      <Dialog.Body>
        <Stack gap="4" data-testid="newsletter-progress">
          <Text fontWeight="semibold" role="status" data-testid="newsletter-state">
            {sendStateLabel(send)}
          </Text>
          <Progress.Root value={progressPercent(send)} colorPalette={send.failed > 0 ? 'orange' : 'green'}>
            <Progress.Label srOnly>Recipients handled</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text data-testid="newsletter-counts">{sendCountsText(send)}</Text>
          {refusal ? (
            <Text color="fg.error" role="alert">
              {refusal}
            </Text>
          ) : null}
          {progress.error ? (
            <Text color="fg.error" fontSize="sm">
              Progress could not be read: {progress.error}
            </Text>
          ) : null}
          {send.state === 'paused' ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Sending is paused</Alert.Title>
                <Alert.Description>
                  {send.pausedReason ?? 'The server stopped this send.'} Fix the cause, then resume: no
                  subscriber gets a second copy.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {send.uncertain > 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {send.uncertain} {send.uncertain === 1 ? 'message was' : 'messages were'} being handed to the
              mail server when this server stopped, so it is not known whether they arrived. They are not sent
              again unless you retry them.
            </Text>
          ) : null}
          {warning ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{RETRY_UNCERTAIN_WARNING}</Alert.Title>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </Stack>
      </Dialog.Body>
      {warning ? (
        <Dialog.Footer>
          <Button
            ref={cancelRef}
            variant="outline"
            onClick={() => setWarning(false)}
            disabled={retry.isPending}
          >
            Cancel
          </Button>
          <Button colorPalette="orange" loading={retry.isPending} onClick={() => retry.mutate()}>
            Send again
          </Button>
        </Dialog.Footer>
      ) : send.state === 'paused' || retryable ? (
        <Dialog.Footer>
          {retryable ? (
            <Button variant="outline" onClick={() => setWarning(true)}>
              Retry uncertain
            </Button>
          ) : null}
          {send.state === 'paused' ? (
            <Button loading={resume.isPending} onClick={() => resume.mutate()}>
              Resume
            </Button>
          ) : null}
        </Dialog.Footer>
      ) : null}
    </>
  );
}
