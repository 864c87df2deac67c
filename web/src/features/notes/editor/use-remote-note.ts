// The open editor follows its note as it is stored. Another tab's save and a change the sync engine pulled
// both land in this browser's database, so one live query sees either. When the stored note moves away from
// the editor's base:
// - the editor has no unsaved text: it simply shows the new text;
// - it has: the change is merged into it (the sync's own three-way merge), or, where the edits overlap, the
//   editor keeps its text and says so (Save then keeps both: saveEditedNote);
// - the note was deleted: the editor keeps its text and offers to keep a copy.
// The editor's own writes are recognised (`written`) and only move its base.
import { useLiveQuery } from 'dexie-react-hooks';
import { type RefObject, useEffect, useState } from 'react';
import { db } from '../../../db/db.ts';
import type { NoteInput } from '../../../db/notes-store.ts';
import { useRevealedNote } from '../use-revealed-notes.ts';
import { followStoredNote } from './follow-stored-note.ts';
import { type EditorFieldsState, noteInputOf, textOf } from './use-editor-fields.ts';

export type RemoteChange = 'updated' | 'merged' | 'overlap' | 'deleted';

export function useRemoteNote(
  noteId: string | null,
  editor: EditorFieldsState,
  written: RefObject<NoteInput | null>,
) {
  // undefined while read; null when the note is not stored (deleted and confirmed, or never synced).
  const stored = useRevealedNote(
    useLiveQuery(async () => (noteId ? ((await db.notes.get(noteId)) ?? null) : undefined), [noteId]),
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
    if (!base) return;
    const step = followStoredNote({ base, fields: fieldsRef.current, stored, written: written.current });
    if (step.kind === 'none' || step.kind === 'deleted') return;
    if (step.kind === 'overlap') {
      // The base stays what the editor saw: Save then keeps both (saveEditedNote).
      setChange('overlap');
      return;
    }
    baseRef.current = noteInputOf(stored);
    if (step.kind === 'adopt') return;
    replace(step.text, textOf(stored));
    setChange(step.kind);
  }, [noteId, stored, baseRef, fieldsRef, replace, written]);

  return { change, setChange };
}
