// Deleting from the list: the confirmation dialog's target, the move to the Trash, and Undo in the toast.
import { useState } from 'react';
import { deleteNote } from '../../../db/notes-store.ts';
import { restoreFromTrash } from '../../../db/trash-store.ts';
import type { LocalNote } from '../../../db/types.ts';
import { toast } from '../../../ui/toast-store.ts';

async function undoDelete(id: string) {
  try {
    await restoreFromTrash(id);
    toast({ title: 'Note restored', description: 'The note is back in your notes.' });
  } catch (error) {
    toast({
      title: 'Could not restore the note',
      description: error instanceof Error ? error.message : String(error),
      variant: 'destructive',
    });
  }
}

export function useDeleteNote() {
  const [target, setTarget] = useState<LocalNote | null>(null);
  const confirm = async () => {
    const note = target;
    setTarget(null);
    if (!note) return;
    try {
      await deleteNote(note.id);
      toast({
        title: 'Note moved to Trash',
        description: 'You can restore it from the Trash for 30 days.',
        duration: 8000,
        button: { label: 'Undo', onClick: () => void undoDelete(note.id) },
      });
    } catch {
      toast({
        title: 'Failed to delete note',
        description: 'There was an error deleting your note. Please try again.',
        variant: 'destructive',
      });
    }
  };
  return { target, ask: setTarget, cancel: () => setTarget(null), confirm };
}
