// The note delete confirmation (SPEC section 2) with Cancel / Delete; the note goes to the Trash (DECISIONS:
// a delete is restorable for 30 days), so the text says so instead of "cannot be undone".
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';

interface Props {
  open: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function DeleteNoteDialog(props: Props) {
  return (
    <ConfirmDialog
      {...props}
      title="Are you sure you want to delete this note?"
      description="The note moves to the Trash, where you can restore it with its history for 30 days."
      confirmLabel="Delete"
    />
  );
}
