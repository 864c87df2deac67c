// Ctrl/Cmd+S in the editor saves and stays in the editor (instead of the browser's "save page" dialog), from
// any field of the editor while it is open: an existing note is saved in place, as auto-save does, with a
// toast; a new note is created and the editor stays open on it. The Save button still saves and closes.
import { useEffect, useRef } from 'react';
import { toast } from '../../ui/toast-store.ts';

export interface SaveAndStay {
  isNew: boolean;
  /** Saves an existing note without leaving: true when saved, false when it failed, null with nothing to save. */
  saveInPlace(): Promise<boolean | null>;
  /** Creates the new note; the screen then reopens the editor on it. */
  createAndStay(): Promise<void>;
}

export async function saveAndStay(editor: SaveAndStay): Promise<void> {
  if (editor.isNew) return editor.createAndStay();
  const saved = await editor.saveInPlace();
  if (saved === true)
    toast({ title: 'Note saved', description: 'Your changes have been saved.', duration: 2000 });
  else if (saved === false)
    toast({
      title: 'Failed to update note',
      description: 'There was an error updating your note. Please try again.',
      variant: 'destructive',
    });
}

export function useSaveShortcut(save: () => void): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if (key !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      // Holding the keys saves once.
      if (!event.repeat) latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
