// What the owner can do with the card being studied (study mode and the review session): edit it, suspend or
// unsuspend it, delete it after a confirmation. Every change is local first and syncs (db/card-store.ts).
import { Badge, Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { deleteFlashcard, setCardSuspended } from '../../db/card-store.ts';
import type { LocalFlashcard } from '../../db/types.ts';
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';
import { toast } from '../../ui/toast-store.ts';
import { CardDialog, type CardDialogTarget } from './CardDialog.tsx';

interface Props {
  card: LocalFlashcard;
  /** The card left what is being studied (suspended or deleted). */
  onRemoved?: (() => void) | undefined;
  /** A dialog opened or closed: the grading keys wait while one is open. */
  onDialogChange?: ((open: boolean) => void) | undefined;
}

export function CardActions({ card, onRemoved, onDialogChange }: Props) {
  const [editing, setEditing] = useState<CardDialogTarget | null>(null);
  const [confirming, setConfirming] = useState(false);
  const openEdit = (target: CardDialogTarget | null) => {
    setEditing(target);
    onDialogChange?.(target !== null);
  };
  const openConfirm = (open: boolean) => {
    setConfirming(open);
    onDialogChange?.(open);
  };

  const toggleSuspended = async () => {
    const suspended = !card.suspended;
    await setCardSuspended(card.id, suspended);
    toast({
      title: suspended ? 'Card suspended' : 'Card unsuspended',
      description: suspended ? 'It will not be due until you unsuspend it.' : 'It is back in your reviews.',
    });
    if (suspended) onRemoved?.();
  };

  const remove = async () => {
    openConfirm(false);
    await deleteFlashcard(card.id);
    toast({ title: 'Card deleted' });
    onRemoved?.();
  };

  return (
    <HStack gap="2" wrap="wrap" justify="center" role="group" aria-label="Card actions">
      {card.suspended ? (
        <Badge colorPalette="orange" variant="subtle">
          Suspended
        </Badge>
      ) : null}
      {card.origin === 'manual' ? <Badge variant="outline">Made by hand</Badge> : null}
      {card.edited ? <Badge variant="outline">Edited</Badge> : null}
      <Button size="xs" variant="ghost" onClick={() => openEdit({ mode: 'edit', card })}>
        Edit card
      </Button>
      <Button size="xs" variant="ghost" onClick={() => void toggleSuspended()}>
        {card.suspended ? 'Unsuspend card' : 'Suspend card'}
      </Button>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => openConfirm(true)}>
        Delete card
      </Button>
      <CardDialog target={editing} onClose={() => openEdit(null)} />
      <ConfirmDialog
        open={confirming}
        title="Delete this card?"
        description="It is removed from every device. Its review history is kept."
        confirmLabel="Delete card"
        onCancel={() => openConfirm(false)}
        onConfirm={() => void remove()}
      />
    </HStack>
  );
}
