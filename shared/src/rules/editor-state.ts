// The note editor's dirty flag and status texts (SPEC sections 2 and 4).
import { NOTE_CONTENT_MAX } from '../schemas/note.ts';
import { parseTags } from './parse-tags.ts';

export interface EditorFields {
  title: string;
  content: string;
  /** The tags as typed: one comma-separated text. */
  tagInput: string;
}

/**
 * Editing a note: dirty when the title, the content or the parsed tags differ from the note's. A new note
 * (no note given): dirty when any field is non-empty. Tags compare as parsed, so 'a,b' and 'a, b' are equal.
 */
export function isEditorDirty(
  fields: EditorFields,
  note: { title: string; content: string; tags: readonly string[] } | null | undefined,
): boolean {
  if (!note) return Boolean(fields.title.trim() || fields.content.trim() || fields.tagInput.trim());
  if (fields.title !== note.title || fields.content !== note.content) return true;
  const typed = parseTags(fields.tagInput);
  return typed.length !== note.tags.length || typed.some((t, i) => t !== note.tags[i]);
}

/** Header text: 'Unsaved changes' while dirty, else 'New document' for a new note, else 'No changes'. */
export function editorHeaderText(dirty: boolean, isNew: boolean): string {
  if (dirty) return 'Unsaved changes';
  return isNew ? 'New document' : 'No changes';
}

/** Footer text: 'Unsaved changes' or 'All changes saved'. */
export function editorFooterText(dirty: boolean): string {
  return dirty ? 'Unsaved changes' : 'All changes saved';
}

/** Save is enabled when not loading, both title and content have text, and the content fits in a note. */
export function canSaveNote(fields: Pick<EditorFields, 'title' | 'content'>, loading: boolean): boolean {
  return (
    !loading &&
    fields.title.trim() !== '' &&
    fields.content.trim() !== '' &&
    fields.content.length <= NOTE_CONTENT_MAX
  );
}
