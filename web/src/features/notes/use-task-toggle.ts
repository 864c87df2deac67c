// The viewer's task boxes: a tick is a normal edit of the note (saved here, synced by the engine). The write
// loads with the first tick, not with the notes screen.
import { useCallback } from 'react';
import type { LocalNote } from '../../db/types.ts';
import { toast } from '../../ui/toast-store.ts';

export function useTaskToggle(note: LocalNote | null): (index: number, checked: boolean) => Promise<void> {
  const id = note?.id ?? null;
  const content = note?.content ?? '';
  return useCallback(
    async (index: number, checked: boolean) => {
      if (id === null) return;
      try {
        const { toggleNoteTask } = await import('../../db/toggle-note-task.ts');
        await toggleNoteTask(id, content, index, checked);
      } catch (error) {
        toast({
          title: 'Task not updated',
          description:
            error instanceof Error && error.name === 'NoteChangedError'
              ? 'The note’s tasks changed meanwhile. Please try again.'
              : 'There was an error updating your note. Please try again.',
          variant: 'destructive',
        });
        throw error;
      }
    },
    [id, content],
  );
}
