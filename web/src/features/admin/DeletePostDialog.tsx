// The post delete confirmation (SPEC section 2), with its exact texts and Cancel / Delete.
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';

interface Props {
  open: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function DeletePostDialog(props: Props) {
  return (
    <ConfirmDialog
      {...props}
      title="Are you sure you want to delete this post?"
      description="This action cannot be undone. This will permanently delete the blog post."
      confirmLabel="Delete"
    />
  );
}
