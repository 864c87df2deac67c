// The open editor follows its note as it is stored. Another tab's save and a change the sync engine pulled
// both land in this browser's database, so one live query sees either. When the stored note moves away from
// the editor's base:
// - the editor has no unsaved text: it simply shows the new text;
// - it has: the change is merged into it (the sync's own three-way merge), or, where the edits overlap, the
//   editor keeps its text and says so (Save then keeps both: saveEditedNote);
// - the note was deleted: the editor keeps its text and offers to keep a copy.
// The editor's own writes are recognised (`written`) and only move its base.
import { isEditorDirty } from '@private-notes/shared';
import { mergeNote } from '@private-notes/shared/rules/merge-note';
import { useLiveQuery } from 'dexie-react-hooks';
import { type RefObject, useEffect, useState } from 'react';
import { db } from '../../../db/db.ts';
import type { NoteInput } from '../../../db/notes-store.ts';
import { sameFields } from '../../../sync/note-mapping.ts';
import { type EditorFieldsState, inputOf, noteInputOf, textOf } from './use-editor-fields.ts';

export type RemoteChange = 'updated' | 'merged' | 'overlap' | 'deleted';

export function useRemoteNote(
  noteId: string | null,
  editor: EditorFieldsState,
  written: RefObject<NoteInput | null>,
) {
  // undefined while read; null when the note is not stored (deleted and confirmed, or never synced).
  const stored = useLiveQuery(
    async () => (noteId ? ((await db.notes.get(noteId)) ?? null) : undefined),
    [noteId],
  );
  const [change, setChange] = useState<RemoteChange | null>(null);
  const { baseRef, fieldsRef, replace } = editor;

  useEffect(() => {
    if (!noteId || stored === undefined) return;
    if (stored === null || stored.deleted) {
      setChange('deleted');
      return;
    }
    // Back from the Trash (Undo in another tab).
    setChange((previous) => (previous === 'deleted' ? null : previous));
    const base = baseRef.current;
    if (!base || sameFields(stored, base)) return;
    const typed = inputOf(fieldsRef.current);
    const ours = written.current;
    if (sameFields(stored, typed) || (ours && sameFields(stored, ours))) {
      // This editor's own save (or the same text): the base moves, nothing else.
      baseRef.current = noteInputOf(stored);
      return;
    }
    const storedText = textOf(stored);
    if (!isEditorDirty(fieldsRef.current, base)) {
      baseRef.current = noteInputOf(stored);
      replace(storedText, storedText);
      setChange('updated');
      return;
    }
    const merged = mergeNote(base, typed, stored);
    if (merged.clean) {
      baseRef.current = noteInputOf(stored);
      replace(textOf(merged.note), storedText);
      setChange('merged');
      return;
    }
    setChange('overlap');
  }, [noteId, stored, baseRef, fieldsRef, replace, written]);

  return { change, setChange };
}
