// The 'Unsubscribe Contact' confirmation of the row delete icon: it only marks the subscriber inactive.
import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { Subscriber } from '@private-notes/shared';
import { useRef } from 'react';

interface Props {
  subscriber: Subscriber | null;
  onCancel(): void;
  onConfirm(subscriber: Subscriber): void;
}

export function UnsubscribeDialog({ subscriber, onCancel, onConfirm }: Props) {
  // The address stays in the text while the dialog animates closed.
  const shown = useRef<Subscriber | null>(null);
  if (subscriber) shown.current = subscriber;
  return (
    <Dialog.Root
      role="alertdialog"
      open={subscriber !== null}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Unsubscribe Contact</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                {shown.current?.email} will stop receiving the newsletter. They can resubscribe at any time
                through the website.
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => subscriber && onConfirm(subscriber)}>
                Unsubscribe
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
