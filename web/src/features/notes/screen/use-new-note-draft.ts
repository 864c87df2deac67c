// A new note left unsaved by any way (Cancel kept, an in-app link, a reload, another tab) is the 'new' draft
// in the per-note drafts: the notes list shows it as a draft card to open, save or discard (issue 31).
import { canSaveNote, parseTags } from '@private-notes/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/db.ts';
import {
  clearDraft,
  deleteEditorDraft,
  NEW_NOTE_DRAFT_KEY,
  putEditorDraft,
} from '../../../db/draft-store.ts';
import { createNote } from '../../../db/notes-store.ts';
import type { EditorDraft } from '../../../db/types.ts';
import { toast } from '../../../ui/toast-store.ts';

export function useNewNoteDraft() {
  // Null when there is none (undefined while read).
  const draft = useLiveQuery(async () => (await db.noteDrafts.get(NEW_NOTE_DRAFT_KEY)) ?? null, []);
  return draft ?? null;
}

export const canSaveDraft = (draft: EditorDraft): boolean => canSaveNote(draft, false);

/** The draft becomes a note (as Save in the editor would) and is removed. */
export async function saveNewNoteDraft(draft: EditorDraft): Promise<void> {
  try {
    await createNote({ title: draft.title, content: draft.content, tags: parseTags(draft.tagInput) });
  } catch {
    toast({
      title: 'Failed to create note',
      description: 'There was an error creating your note. Please try again.',
      variant: 'destructive',
    });
    return;
  }
  await deleteEditorDraft(null).catch(() => {});
  await clearDraft().catch(() => {});
  toast({
    title: 'Note created successfully',
    description: 'Your new note has been added to your collection.',
  });
}

/** Removed on purpose, with Undo that puts it back as it was. */
export async function discardNewNoteDraft(draft: EditorDraft): Promise<void> {
  await deleteEditorDraft(null);
  toast({
    title: 'Draft discarded',
    description: draft.title.trim()
      ? `"${draft.title.trim()}" was not saved.`
      : 'The unsaved note was removed.',
    duration: 8000,
    button: {
      label: 'Undo',
      onClick: () =>
        void putEditorDraft({
          noteId: null,
          title: draft.title,
          content: draft.content,
          tagInput: draft.tagInput,
          open: false,
        }).catch(() => {}),
    },
  });
}
