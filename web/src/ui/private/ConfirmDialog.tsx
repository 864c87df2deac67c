// The owner's confirmation dialog (an alertdialog with Cancel and a red confirm button), shared by every
// "are you sure" of the private screens so they look and behave alike.
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { returnFocus } from './return-focus.ts';

interface Props {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
  /** Where the focus goes back to (default: what had it when the dialog opened). */
  returnFocusTo?: HTMLElement | null | undefined;
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onCancel,
  onConfirm,
  returnFocusTo,
}: Props) {
  // The control that opened it gets the focus back, also when it was busy (disabled) as the dialog closed.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined')
    opener.current =
      returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  wasOpen.current = open;
  useEffect(() => {
    if (open || !opener.current) return;
    const target = opener.current;
    opener.current = null;
    return returnFocus(target);
  }, [open]);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
