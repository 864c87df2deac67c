// The note delete confirmation (SPEC section 2), with its exact texts and Cancel / Delete.
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
      description="This action cannot be undone. The note will be permanently deleted from your account."
      confirmLabel="Delete"
    />
  );
}
