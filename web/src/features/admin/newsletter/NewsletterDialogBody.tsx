// The newsletter dialog's content for one post: the compose steps (preview → confirmation) while it was
// never sent, its send's progress afterwards. Mounted only while the dialog is open, so nothing polls
// behind a closed dialog.
import { Alert, Button, Dialog, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError, type BlogPost, type NewsletterSend } from '@private-notes/shared';
import { useEffect, useRef, useState } from 'react';
import { mailApi } from '../../../api/mail-api.ts';
import { useQueryClient } from '../../../api/page-cache-context.tsx';
import { ADMIN_BLOG_KEY, BLOG_KEY } from '../../../api/queries.ts';
import { useMutation } from '../../../api/use-mutation.ts';
import { CaptureNote } from '../mail/CaptureNote.tsx';
import { MailPartsTabs } from '../mail/MailPartsTabs.tsx';
import { MAIL_STATUS_KEY, OUTBOX_KEY } from '../mail/mail-keys.ts';
import { subscribersText } from '../mail/mail-texts.ts';
import { NewsletterProgressView } from './NewsletterProgressView.tsx';
import { useNewsletterPreview } from './use-newsletter-preview.ts';
import { useNewsletterProgress } from './use-newsletter-progress.ts';

interface Props {
  post: BlogPost;
  /** A draft: the send publishes it first (POST …/publish-and-send). */
  publishFirst: boolean;
}

export function NewsletterDialogBody({ post, publishFirst }: Props) {
  const queryClient = useQueryClient();
  const progress = useNewsletterProgress(post.id);
  const { send } = progress;
  const sendId = send?.id;
  const finished = send?.state === 'done';

  // The card's "Sent to N subscribers" line, the public lists (a publish) and the Outbox follow the send:
  // refreshed when it starts (or is first seen) and when it finishes, not on every poll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `finished` is the trigger, not a value read
  useEffect(() => {
    if (sendId === undefined) return;
    void queryClient.invalidateQueries({ queryKey: ADMIN_BLOG_KEY });
    void queryClient.invalidateQueries({ queryKey: BLOG_KEY });
    void queryClient.invalidateQueries({ queryKey: MAIL_STATUS_KEY });
    void queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
  }, [sendId, finished, queryClient]);

  if (send === undefined) {
    return (
      <Dialog.Body>
        {progress.error ? (
          <Text color="fg.error" role="alert">
            {progress.error}
          </Text>
        ) : (
          <Skeleton height="40" data-testid="newsletter-loading" />
        )}
      </Dialog.Body>
    );
  }
  if (send) {
    return <NewsletterProgressView postId={post.id} progress={progress} send={send} />;
  }
  return <ComposeSteps post={post} publishFirst={publishFirst} onStarted={progress.replace} />;
}

interface ComposeProps extends Props {
  onStarted(send: NewsletterSend): void;
}

function ComposeSteps({ post, publishFirst, onStarted }: ComposeProps) {
  const { preview, error: previewError, reload } = useNewsletterPreview(post.id, true);
  const [step, setStep] = useState<'preview' | 'confirm'>('preview');
  const [sendError, setSendError] = useState<string | null>(null);
  const backRef = useRef<HTMLButtonElement>(null);

  // The confirmation replaces the button that led to it: focus its safe choice, Back.
  useEffect(() => {
    if (step === 'confirm') backRef.current?.focus();
  }, [step]);

  // Answers show inside the dialog, not as toasts: an open modal hides the rest of the page (and its
  // toasts) from assistive technology.
  const test = useMutation({ mutationFn: () => mailApi.newsletterTest(post.id) });
  const start = useMutation({
    mutationFn: (recipients: number) =>
      publishFirst
        ? mailApi.publishAndSend(post.id, recipients)
        : mailApi.sendNewsletter(post.id, recipients),
    onSuccess: onStarted,
    onError: (error) => {
      setSendError(error.message);
      setStep('preview');
      // 400: the number of active subscribers changed since the preview; show the new one.
      if (error instanceof ApiError && error.status === 400) reload();
    },
  });

  if (!preview) {
    return (
      <Dialog.Body>
        {previewError ? (
          <Text color="fg.error" role="alert">
            {previewError}
          </Text>
        ) : (
          <Skeleton height="40" data-testid="newsletter-loading" />
        )}
      </Dialog.Body>
    );
  }

  const recipients = subscribersText(preview.recipients);
  const sendLabel = `${publishFirst ? 'Publish and send' : 'Send'} to ${recipients}`;

  if (step === 'confirm') {
    return (
      <>
        <Dialog.Body>
          <Alert.Root status="warning" data-testid="newsletter-confirm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {publishFirst
                  ? `Publish “${post.title}” and send it to ${recipients} now?`
                  : `Send “${post.title}” to ${recipients} now?`}
              </Alert.Title>
              <Alert.Description>
                Each active subscriber gets one copy. A sent issue cannot be recalled, and a post is sent only
                once.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button
            ref={backRef}
            variant="outline"
            onClick={() => setStep('preview')}
            disabled={start.isPending}
          >
            Back
          </Button>
          <Button loading={start.isPending} onClick={() => start.mutate(preview.recipients)}>
            {publishFirst ? 'Publish and send now' : 'Send now'}
          </Button>
        </Dialog.Footer>
      </>
    );
  }

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <CaptureNote />
          {sendError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Not sent</Alert.Title>
                <Alert.Description>{sendError}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Stack gap="1">
            <Text>
              Subject: <strong>{preview.subject}</strong>
            </Text>
            <Text color="fg.muted" data-testid="newsletter-recipients">
              {preview.recipients === 0
                ? 'No active subscribers yet: there is no one to send it to.'
                : `It will go to ${recipients}, as shown here.`}
            </Text>
          </Stack>
          <MailPartsTabs html={preview.html} text={preview.text} subject={preview.subject} />
          {test.data ? (
            <Text role="status" color="fg.success" data-testid="newsletter-test-answer">
              Test sent. {test.data.message}
            </Text>
          ) : test.error ? (
            <Text role="alert" color="fg.error" data-testid="newsletter-test-answer">
              Test not sent. {test.error.message}
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button variant="outline" loading={test.isPending} onClick={() => test.mutate()}>
          Send a test to me
        </Button>
        <Button
          disabled={preview.recipients === 0}
          onClick={() => {
            setSendError(null);
            setStep('confirm');
          }}
        >
          {sendLabel}
        </Button>
      </Dialog.Footer>
    </>
  );
}
