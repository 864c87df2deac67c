// What the editor's buttons do. Save writes through the store (never over text the editor has not seen:
// saveEditedNote merges, or keeps both as a conflicted copy) and says which happened; Cancel asks first when
// there is unsaved text (DiscardChangesDialog); Keep a copy saves the text of a note deleted elsewhere as a
// new note. The texts of the spec's toasts stay as they are (SPEC section 9).
import { useState } from 'react';
import { clearDraft, deleteOwnEditorDraft } from '../../../db/draft-store.ts';
import { createNote } from '../../../db/notes-store.ts';
import { saveEditedNote } from '../../../db/save-edited-note.ts';
import { TAB_ID } from '../../../db/tab-presence.ts';
import type { LocalNote } from '../../../db/types.ts';
import { toast } from '../../../ui/toast-store.ts';
import type { DraftPersistence } from '../use-draft-persistence.ts';
import { type EditorFieldsState, inputOf } from './use-editor-fields.ts';
import type { RemoteChange } from './use-remote-note.ts';

const ELSEWHERE = 'another tab or on another device';

interface Input {
  noteId: string | null;
  editor: EditorFieldsState;
  canSave: boolean;
  persistence: DraftPersistence;
  written: { current: ReturnType<typeof inputOf> | null };
  remote: { change: RemoteChange | null; setChange(change: RemoteChange | null): void };
  saving: boolean;
  setSaving(saving: boolean): void;
  onDone(saved: LocalNote | null, stay?: boolean): void;
  /** The new note is created locked, and a copy kept of a locked note is locked too. */
  locked?: boolean;
}

const updateFailed = {
  title: 'Failed to update note',
  description: 'There was an error updating your note. Please try again.',
  variant: 'destructive',
} as const;
const createFailed = {
  title: 'Failed to create note',
  description: 'There was an error creating your note. Please try again.',
  variant: 'destructive',
} as const;

export function useEditorActions(input: Input) {
  const { noteId, editor, canSave, persistence, written, remote, saving, setSaving, onDone } = input;
  const [asking, setAsking] = useState(false);

  /** Saved (or copied) and closing: nothing more is written, and the draft has served its purpose. */
  async function finish(saved: LocalNote, stay = false) {
    persistence.close();
    await deleteOwnEditorDraft(noteId, TAB_ID).catch(() => {});
    await clearDraft().catch(() => {});
    onDone(saved, stay);
  }

  async function saveNew(stay: boolean) {
    try {
      const saved = await createNote(inputOf(editor.fieldsRef.current), undefined, {
        locked: input.locked === true,
      });
      toast({
        title: 'Note created successfully',
        description: 'Your new note has been added to your collection.',
      });
      await finish(saved, stay);
    } catch {
      toast(createFailed);
      setSaving(false);
    }
  }

  async function saveExisting(id: string, base: NonNullable<EditorFieldsState['baseRef']['current']>) {
    const edited = inputOf(editor.fieldsRef.current);
    written.current = edited;
    try {
      const result = await saveEditedNote(id, base, edited);
      if (result.kind === 'deleted' || result.kind === 'overlap') {
        remote.setChange(result.kind);
        toast({ title: 'Note not saved', description: `This note was deleted in ${ELSEWHERE}.` });
        setSaving(false);
        return;
      }
      if (result.kind === 'conflict') {
        toast({
          title: 'Saved as a conflicted copy',
          description: `This note changed in ${ELSEWHERE} where you changed it too: both versions are kept. Compare them from My Notes.`,
          duration: 10_000,
        });
        return await finish(result.copy);
      }
      toast({
        title: 'Note updated successfully',
        description:
          result.kind === 'merged'
            ? `Your changes have been saved, merged with a change made in ${ELSEWHERE}.`
            : 'Your changes have been saved.',
      });
      await finish(result.note);
    } catch {
      toast(updateFailed);
      setSaving(false);
    }
  }

  /** `stay`: a new note saved with Ctrl/Cmd+S; the screen reopens the editor on it. */
  async function save({ stay = false }: { stay?: boolean } = {}) {
    if (!canSave || saving) return;
    if (remote.change === 'deleted') return keepCopy();
    setSaving(true);
    const base = editor.baseRef.current;
    if (noteId && base) return saveExisting(noteId, base);
    return saveNew(stay);
  }

  /** The note was deleted elsewhere: the editor's text becomes a new note. */
  async function keepCopy() {
    setSaving(true);
    try {
      const copy = await createNote(inputOf(editor.fieldsRef.current), undefined, {
        locked: input.locked === true,
      });
      toast({ title: 'Copy kept', description: 'Your text is saved as a new note.' });
      await finish(copy);
    } catch {
      toast(createFailed);
      setSaving(false);
    }
  }

  /** Cancel: closes at once without unsaved text, asks first with it. */
  function cancel() {
    if (editor.dirty) setAsking(true);
    else discard();
  }

  /** The owner discards the changes on purpose. */
  function discard() {
    setAsking(false);
    persistence.close();
    void deleteOwnEditorDraft(noteId, TAB_ID).catch(() => {});
    void clearDraft().catch(() => {});
    onDone(null);
  }

  return { save, cancel, keepCopy, asking, keepEditing: () => setAsking(false), discard };
}
