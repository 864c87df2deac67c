// The editor's text (title, content, tags as typed) and the two things it is compared with:
// - the baseline: the text last saved or adopted, as typed, for the spec's dirty flag ('Unsaved changes');
// - the base: the stored note this editor last saw (null for a new note). A save names it, so the store can
//   tell whether the note changed underneath (another tab, a pulled edit) and merge rather than overwrite.
import { formatTags, isEditorDirty, parseTags } from '@private-notes/shared';
import { useCallback, useRef, useState } from 'react';
import type { NoteInput } from '../../../db/notes-store.ts';

export interface EditorText {
  title: string;
  content: string;
  tagInput: string;
}

export const textOf = (note: NoteInput): EditorText => ({
  title: note.title,
  content: note.content,
  tagInput: formatTags(note.tags),
});
export const inputOf = (text: EditorText): NoteInput => ({
  title: text.title,
  content: text.content,
  tags: parseTags(text.tagInput),
});
export const noteInputOf = (note: NoteInput): NoteInput => ({
  title: note.title,
  content: note.content,
  tags: [...note.tags],
});
export const sameText = (a: EditorText, b: EditorText): boolean =>
  a.title === b.title && a.content === b.content && a.tagInput === b.tagInput;

const EMPTY: EditorText = { title: '', content: '', tagInput: '' };

/** `initialTitle`: a new note's title to start from (a [[link]] to a missing note); alone it is no change. */
export function useEditorFields(note: NoteInput | null, initialTitle?: string) {
  const [baseline, setBaseline] = useState<EditorText>(() =>
    note ? textOf(note) : { ...EMPTY, title: initialTitle ?? '' },
  );
  const [title, setTitle] = useState(baseline.title);
  const [content, setContent] = useState(baseline.content);
  const [tagInput, setTagInput] = useState(baseline.tagInput);
  // What the handlers outside a render (page hidden, unmount, sign-out, a remote change) read.
  const fieldsRef = useRef<EditorText>({ title, content, tagInput });
  fieldsRef.current = { title, content, tagInput };
  const baseRef = useRef<NoteInput | null>(note ? noteInputOf(note) : null);
  const dirty = isEditorDirty(
    { title, content, tagInput },
    note || initialTitle
      ? { title: baseline.title, content: baseline.content, tags: parseTags(baseline.tagInput) }
      : null,
  );
  /** Puts `text` in the fields (a restored draft, a merge); `nextBaseline` too when the saved text moved. */
  const replace = useCallback((text: EditorText, nextBaseline?: EditorText) => {
    fieldsRef.current = text;
    setTitle(text.title);
    setContent(text.content);
    setTagInput(text.tagInput);
    if (nextBaseline) setBaseline(nextBaseline);
  }, []);
  return {
    title,
    content,
    tagInput,
    setTitle,
    setContent,
    setTagInput,
    baseline,
    setBaseline,
    fieldsRef,
    baseRef,
    dirty,
    replace,
  };
}

export type EditorFieldsState = ReturnType<typeof useEditorFields>;
