// "Send as newsletter" (a published post) or "Publish and send" (a draft): the preview as
// subscribers will see it, "Send a test to me", then a confirmation that names the recipient count; once
// sent, live progress with the pause reason, Resume, and Retry uncertain behind its warning. A post goes
// out once: opening the dialog again shows that send's progress.
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { BlogPost } from '@private-notes/shared';
import { NewsletterDialogBody } from './NewsletterDialogBody.tsx';

interface Props {
  /** Kept while the dialog closes, so its content does not vanish mid-animation. */
  post: BlogPost | null;
  /** A draft when the dialog opened: sending publishes it first. Fixed for the dialog's life. */
  publishFirst: boolean;
  open: boolean;
  onClose(): void;
  /** The button that opened the dialog: focus goes back there when it closes. */
  finalFocusEl(): HTMLElement | null;
}

export function NewsletterDialog({ post, publishFirst, open, onClose, finalFocusEl }: Props) {
  return (
    <Dialog.Root
      open={open && post !== null}
      size="xl"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="newsletter-dialog">
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>{publishFirst ? 'Publish and send' : 'Send as newsletter'}</Dialog.Title>
              <Dialog.Description color="fg.muted" wordBreak="break-word">
                {post?.title}
              </Dialog.Description>
            </Dialog.Header>
            {post ? <NewsletterDialogBody post={post} publishFirst={publishFirst} /> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
