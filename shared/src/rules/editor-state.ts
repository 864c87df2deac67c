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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The notice over a restored draft: 'Restored your unsaved changes from 14:02' (local time, 24-hour), with the
 * day too ('from 3 Nov 14:02') when the draft is from another day than `now`.
 */
export function restoredDraftText(savedAt: Date, now: Date): string {
  const time = `${String(savedAt.getHours()).padStart(2, '0')}:${String(savedAt.getMinutes()).padStart(2, '0')}`;
  const sameDay =
    savedAt.getFullYear() === now.getFullYear() &&
    savedAt.getMonth() === now.getMonth() &&
    savedAt.getDate() === now.getDate();
  const day = sameDay
    ? ''
    : `${savedAt.getDate()} ${MONTHS[savedAt.getMonth()]}${savedAt.getFullYear() === now.getFullYear() ? '' : ` ${savedAt.getFullYear()}`} `;
  return `Restored your unsaved changes from ${day}${time}`;
}
