// Asked when a note that already has a draft post is converted again: open that draft, or make another
// on purpose. Closing the dialog does neither.
import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { BlogPost } from '@private-notes/shared';
import type { ExistingDraftChoice } from './convert-to-blog.ts';

interface Props {
  draft: BlogPost | null;
  onChoose(choice: ExistingDraftChoice): void;
}

export function ExistingDraftDialog({ draft, onChoose }: Props) {
  return (
    <Dialog.Root
      open={draft !== null}
      onOpenChange={(details) => {
        if (!details.open) onChoose(null);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>This note already has a draft</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                “{draft?.title}” was made from this note and is not published yet. Open it, or make another
                draft from the note as it is now.
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={() => onChoose('another')}>
                Make another
              </Button>
              <Button onClick={() => onChoose('open')}>Open the existing draft</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
