// What an open editor does when its note's stored row changes (use-remote-note.ts applies it). Pure, so the
// rules are tested apart from React and the database:
// - the row is gone or a tombstone: 'deleted' (the editor keeps its text and offers a copy);
// - the row still holds the editor's base: nothing;
// - the row holds the editor's text or what it last wrote itself: 'adopt' (only the base moves);
// - the editor has no unsaved text: 'updated' (it shows the row's text);
// - otherwise the sync's three-way merge (base, editor, row): 'merged' with the text, or 'overlap'.
import { isEditorDirty } from '@private-notes/shared';
import { mergeNote } from '@private-notes/shared/rules/merge-note';
import type { NoteInput } from '../../../db/notes-store.ts';
import { sameFields } from '../../../sync/note-mapping.ts';
import { type EditorText, inputOf, textOf } from './use-editor-fields.ts';

export type StoredNoteStep =
  | { kind: 'none' }
  | { kind: 'deleted' }
  | { kind: 'adopt' }
  | { kind: 'updated'; text: EditorText }
  | { kind: 'merged'; text: EditorText }
  | { kind: 'overlap' };

export function followStoredNote(input: {
  base: NoteInput;
  fields: EditorText;
  stored: (NoteInput & { deleted?: 0 | 1 }) | null;
  written: NoteInput | null;
}): StoredNoteStep {
  const { base, fields, stored, written } = input;
  if (!stored || stored.deleted) return { kind: 'deleted' };
  if (sameFields(stored, base)) return { kind: 'none' };
  const typed = inputOf(fields);
  if (sameFields(stored, typed) || (written && sameFields(stored, written))) return { kind: 'adopt' };
  if (!isEditorDirty(fields, base)) return { kind: 'updated', text: textOf(stored) };
  const merged = mergeNote(base, typed, stored);
  return merged.clean ? { kind: 'merged', text: textOf(merged.note) } : { kind: 'overlap' };
}
