// Cancel on changed text asks first (issue 31): an alertdialog whose safe answer, "Keep editing", has the
// focus, so Enter or Escape keeps the text; "Discard" drops it on purpose.
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useRef } from 'react';

interface Props {
  open: boolean;
  isNew: boolean;
  onKeep(): void;
  onDiscard(): void;
}

export function DiscardChangesDialog({ open, isNew, onKeep, onDiscard }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      initialFocusEl={() => keep.current}
      onOpenChange={(details) => {
        if (!details.open) onKeep();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Discard changes?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                {isNew
                  ? 'This new note has not been saved. Discarding it throws its text away.'
                  : 'Your changes to this note have not been saved. Discarding them puts the saved note back.'}
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={keep} variant="outline" onClick={onKeep}>
                Keep editing
              </Button>
              <Button colorPalette="red" onClick={onDiscard}>
                Discard
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
