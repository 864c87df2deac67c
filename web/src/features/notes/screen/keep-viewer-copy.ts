// Keep a copy, from the viewer of a note deleted elsewhere: its shown title, text and tags become a new note
// (synced like any other), which the viewer then shows.
import { createNote } from '../../../db/notes-store.ts';
import type { LocalNote } from '../../../db/types.ts';
import { toast } from '../../../ui/toast-store.ts';

export async function keepViewerCopy(note: LocalNote | null, show: (id: string) => void): Promise<void> {
  if (!note) return;
  try {
    const copy = await createNote({ title: note.title, content: note.content, tags: note.tags });
    toast({ title: 'Copy kept', description: 'The text is saved as a new note.' });
    show(copy.id);
  } catch {
    toast({ title: 'Could not keep a copy', description: 'The text is still shown here. Try again.' });
  }
}
