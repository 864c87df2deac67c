// The warning before locked notes are exported in plain text (issue 34): an alertdialog whose safe answer,
// Cancel, has the focus; the export runs only on "Export in plain text".
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRef } from 'react';

interface Props {
  /** How many locked notes this device holds (shown in the warning). */
  lockedCount: number;
  onCancel(): void;
  onConfirm(): void;
}

export function PlainExportDialog({ lockedCount, onCancel, onConfirm }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  const notes = lockedCount === 1 ? '1 locked note' : `${lockedCount.toLocaleString('en-US')} locked notes`;
  return (
    <Dialog.Root
      role="alertdialog"
      open
      initialFocusEl={() => cancel.current}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Export locked notes in plain text?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description asChild>
                <div>
                  <Text mb="2">
                    Your {notes} will be written as plain markdown files, unencrypted. Anyone who gets the zip
                    (a shared folder, a synced drive, a lost laptop, an e-mail) can read them.
                  </Text>
                  <Text>“Export notes” keeps them encrypted instead.</Text>
                </div>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancel} variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                Export in plain text
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
