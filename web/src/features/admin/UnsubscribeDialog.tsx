// The 'Unsubscribe Contact' confirmation of the row delete icon: it only marks the subscriber inactive.
import type { Subscriber } from '@private-notes/shared';
import { useRef } from 'react';
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';

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
    <ConfirmDialog
      open={subscriber !== null}
      title="Unsubscribe Contact"
      description={`${shown.current?.email ?? ''} will stop receiving the newsletter. They can resubscribe at any time through the website.`}
      confirmLabel="Unsubscribe"
      onCancel={onCancel}
      onConfirm={() => subscriber && onConfirm(subscriber)}
    />
  );
}
