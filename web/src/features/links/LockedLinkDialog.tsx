// A [[link]] no readable note answers, while locked notes cannot be read (issue 34): it may lead to one of them,
// whose title this device cannot know until they are unlocked. Asks rather than guess: unlock and follow, or
// make a new note with that title.
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useRef } from 'react';

interface Props {
  title: string;
  onUnlock(): void;
  onCreate(): void;
  onCancel(): void;
}

export function LockedLinkDialog({ title, onUnlock, onCreate, onCancel }: Props) {
  const unlock = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open
      initialFocusEl={() => unlock.current}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>This link may lead to a locked note</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                No note you can read now is called “{title}”. It may be one of your locked notes: unlock them
                to follow the link.
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
              <Button variant="outline" onClick={onCreate}>
                Create a new note
              </Button>
              <Button ref={unlock} colorPalette="blue" onClick={onUnlock}>
                Unlock to follow
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
